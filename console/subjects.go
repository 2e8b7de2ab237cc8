package console

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"openbank/aggregation/results"
	"openbank/insight/report"
	"openbank/store"
)

// SubjectReport is what the console shows of a subject: its report
// document (the analytics' KPIs and score arranged for reading, with the
// balance timeline, the monthly flows and the category shares) once it is
// ready; Pending while the service builds it in the background.
type SubjectReport struct {
	Report  *report.Report
	Pending bool
}

// SubjectReport asks the aggregation's results for the subject's report
// as the client's own API call would: the stored one for the newest data,
// one computed now when the data is small, else a build job (Pending).
func (s *Service) SubjectReport(ctx context.Context, client, subject string) (SubjectReport, error) {
	a, err := s.Results.Request(ctx, results.Request{ClientID: client, SubjectID: subject, Kind: results.KindReport})
	if err != nil {
		return SubjectReport{}, err
	}
	if a.Link != nil {
		return SubjectReport{Pending: true}, nil
	}
	var r report.Report
	if err := json.Unmarshal(a.Body, &r); err != nil {
		return SubjectReport{}, fmt.Errorf("console: read report: %w", err)
	}
	return SubjectReport{Report: &r}, nil
}

// RequestPDF asks for the subject's PDF report, always built by a job, and
// returns its result id; asking again for the same data gives the same one.
func (s *Service) RequestPDF(ctx context.Context, client, subject string) (string, error) {
	a, err := s.Results.Request(ctx, results.Request{ClientID: client, SubjectID: subject, Kind: results.KindReportPDF})
	if err != nil {
		return "", err
	}
	if a.Link == nil {
		return "", fmt.Errorf("console: the PDF report of %s was answered without a link", subject)
	}
	return a.Link.ResultID, nil
}

// ReportFile is the state of a PDF report: pending, ready or failed (with
// Reason), and the signed link that downloads it until it expires.
type ReportFile struct {
	ID, Status, Reason string
	Link               results.Link
}

// PDF returns the state of the client's PDF report id of subject; one of
// another client, subject or kind, or past its expiry, is store.ErrNotFound.
func (s *Service) PDF(ctx context.Context, client, subject, id string) (ReportFile, error) {
	res, err := s.Store.Result(ctx, id)
	if err != nil {
		return ReportFile{}, err
	}
	if res.ClientID != client || res.SubjectID != subject || res.Kind != results.KindReportPDF || !s.now().Before(res.ExpiresAt) {
		return ReportFile{}, fmt.Errorf("console: report %s: %w", id, store.ErrNotFound)
	}
	return ReportFile{ID: res.ID, Status: res.Status, Reason: res.Error.String,
		Link: s.Results.Links.Link(res.ID, res.ExpiresAt.Truncate(time.Second))}, nil
}
