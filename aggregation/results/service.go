package results

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"time"

	"openbank/insight/report"
	"openbank/store"
)

// The kinds of result a client may ask for.
const (
	KindAnalytics = "analytics"
	KindReport    = "report"
	KindReportPDF = "report-pdf"
)

// Defaults of result builds.
const (
	DefaultTTL          = 24 * time.Hour // how long a result link works
	DefaultInlineBudget = 20_000         // transactions computed within a request
	MaxAttempts         = 8              // a build waits this many tries for a running fetch
)

// Content types of result bodies.
const (
	ContentJSON = "application/json"
	ContentPDF  = "application/pdf"
)

// Errors of analytics and reports.
var (
	ErrUnknownSubject = errors.New("the client has no connection of this subject")
	ErrNoSubjectData  = errors.New("no successful fetch or upload yet for this subject")
)

// Bodies keeps the bodies of results: the results table by default,
// an object store (S3 and the like) when one is configured.
type Bodies interface {
	Put(ctx context.Context, id, contentType string, body []byte, expires time.Time) error
	Get(ctx context.Context, id string) (contentType string, body []byte, err error)
}

// Service builds subjects' analytics and reports, within a request when
// they are cheap, else as durable jobs, and hands them out behind signed
// links until they expire.
type Service struct {
	Store        *store.Store
	Clock        func() time.Time
	Links        LinkSigner
	Bodies       Bodies        // nil: the results table
	TTL          time.Duration // 0: DefaultTTL
	InlineBudget int           // 0: DefaultInlineBudget
	// RenderPDF prints a report; nil uses report.RenderPDF.
	RenderPDF func(*report.Report) ([]byte, error)
}

func (r *Service) now() time.Time { return r.Clock().UTC() }

func (r *Service) ttl() time.Duration {
	if r.TTL > 0 {
		return r.TTL
	}
	return DefaultTTL
}

func (r *Service) budget() int64 {
	if r.InlineBudget > 0 {
		return int64(r.InlineBudget)
	}
	return DefaultInlineBudget
}

func (r *Service) bodies() Bodies {
	if r.Bodies != nil {
		return r.Bodies
	}
	return tableBodies{r.Store}
}

func (r *Service) renderPDF(rep *report.Report) ([]byte, error) {
	if r.RenderPDF != nil {
		return r.RenderPDF(rep)
	}
	return report.RenderPDF(rep)
}

// tableBodies keeps result bodies in the results table itself.
type tableBodies struct{ st *store.Store }

func (t tableBodies) Put(ctx context.Context, id, contentType string, body []byte, _ time.Time) error {
	return t.st.PutResultBody(ctx, id, contentType, body)
}

func (t tableBodies) Get(ctx context.Context, id string) (string, []byte, error) {
	return t.st.ResultBody(ctx, id)
}

// newID is 128 random bits, base64url without padding.
func newID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b) // crypto/rand never fails
	return base64.RawURLEncoding.EncodeToString(b)
}
