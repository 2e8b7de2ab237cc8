package results

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"

	"openbank/insight/report"
	"openbank/store"
)

// build computes a result of the subject's data and returns its content
// type and body; a report is written in lang ("" is English). A subject
// without transactions has analytics but no report (score.ErrNoHistory).
func (r *Service) build(ctx context.Context, d *subjectData, kind, lang string) (string, []byte, error) {
	l, accounts, err := r.ledger(ctx, d)
	if err != nil {
		return "", nil, err
	}
	switch kind {
	case KindAnalytics:
		a, err := analyse(d, l, r.now())
		if err != nil {
			return "", nil, err
		}
		return marshalResult(a)
	case KindReport, KindReportPDF:
		rep, err := report.BuildReportIn(lang, d.SubjectID, l, r.now(), r.now())
		if err != nil {
			return "", nil, err
		}
		rep.LabelAccounts(accountLabels(accounts))
		if kind == KindReport {
			return marshalResult(rep)
		}
		pdf, err := r.renderPDF(rep)
		if err != nil {
			return "", nil, fmt.Errorf("results: render report: %w", err)
		}
		return ContentPDF, pdf, nil
	}
	return "", nil, fmt.Errorf("results: unknown result kind %q", kind)
}

// accountLabels are the banks' names and the IBANs of accounts, by the
// ledger's account id, for a report to show.
func accountLabels(accounts []store.Account) map[string]report.AccountLabel {
	labels := make(map[string]report.AccountLabel, len(accounts))
	for _, a := range accounts {
		labels[strconv.FormatInt(a.ID, 10)] = report.AccountLabel{Name: a.Name, IBAN: a.IBAN}
	}
	return labels
}

func marshalResult(v any) (string, []byte, error) {
	body, err := json.Marshal(v)
	if err != nil {
		return "", nil, fmt.Errorf("results: encode result: %w", err)
	}
	return ContentJSON, body, nil
}
