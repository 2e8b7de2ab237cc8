package results

import (
	"context"
	"errors"
	"time"

	"openbank/i18n"
	"openbank/store"
)

// Request asks for a subject's analytics or report.
type Request struct {
	ClientID  string
	SubjectID string
	Kind      string // KindAnalytics, KindReport or KindReportPDF
	Async     bool   // the client prefers a link (Prefer: respond-async)
	// Locale is the language of a report, one of i18n.Languages; ""
	// is English. Analytics carry codes only and ignore it.
	Locale string
}

// Answer is a result ready now (Body, 200) or a link to one that is being
// built or waits for download (Link, 202).
type Answer struct {
	ContentType string
	Body        []byte
	Link        *Link
}

// Request answers a request for a result: the stored result of the
// subject's newest data when there is one, else one computed now when the
// data is small and no fetch is on its way, else a link to a build job.
// While a fetch is on its way only a pending result is reused, so polling
// queues one build, not one per request.
// PDF reports are always built by a job.
func (r *Service) Request(ctx context.Context, req Request) (*Answer, error) {
	d, err := r.subject(ctx, req.ClientID, req.SubjectID)
	if err != nil {
		return nil, err
	}
	if req.Kind != KindAnalytics && req.Locale != i18n.Default {
		d.Version.Locale = req.Locale
	}
	now := r.now()
	inline := req.Kind != KindReportPDF && !req.Async
	hit, err := r.Store.LatestResult(ctx, req.ClientID, req.SubjectID, req.Kind, d.Version, now)
	if err == nil && d.Fetching && hit.Status != "pending" {
		// A result of the data before the fetch on its way is stale; one
		// still pending waits for that fetch, so asking again reuses it.
		err = store.ErrNotFound
	}
	switch {
	case err == nil && hit.Status == "ready" && inline:
		ct, body, err := r.bodies().Get(ctx, hit.ID)
		if err == nil {
			return &Answer{ContentType: ct, Body: body}, nil
		}
		if !errors.Is(err, store.ErrNotFound) {
			return nil, err
		}
	case err == nil:
		link := r.Links.Link(hit.ID, hit.ExpiresAt)
		return &Answer{Link: &link}, nil
	case !errors.Is(err, store.ErrNotFound):
		return nil, err
	}
	if inline && !d.Fetching && d.Size.Transactions <= r.budget() {
		return r.computeNow(ctx, d, req.Kind)
	}
	return r.queue(ctx, d, req.Kind)
}

// computeNow builds the result within the request and keeps it, so that
// the next request for the same data is answered from the store.
func (r *Service) computeNow(ctx context.Context, d *subjectData, kind string) (*Answer, error) {
	ct, body, err := r.build(ctx, d, kind, d.Version.Locale)
	if err != nil {
		return nil, err
	}
	now := r.now()
	res := &store.Result{ID: newID(), ClientID: d.ClientID, SubjectID: d.SubjectID, Kind: kind,
		ResultVersion: d.Version, CreatedAt: now, ExpiresAt: now.Add(r.ttl()).Truncate(time.Second)}
	if err := r.keep(ctx, res, d.Connections, ct, body); err != nil {
		return nil, err
	}
	return &Answer{ContentType: ct, Body: body}, nil
}

// keep records a result built from connections and its body and marks it
// ready; a connection deleted meanwhile leaves the subject unknown.
func (r *Service) keep(ctx context.Context, res *store.Result, connections []int64, ct string, body []byte) error {
	if err := r.Store.InsertResultOf(ctx, res, connections); err != nil {
		return goneAsUnknown(err)
	}
	if err := r.bodies().Put(ctx, res.ID, ct, body, res.ExpiresAt); err != nil {
		return errors.Join(err, r.Store.FailResult(ctx, res.ID, "the body could not be stored", r.now()))
	}
	return r.Store.FinishResult(ctx, res.ID, res.ResultVersion, ct, r.now())
}

// queue records a pending result and the job that builds it, and returns
// its link.
func (r *Service) queue(ctx context.Context, d *subjectData, kind string) (*Answer, error) {
	now := r.now()
	res := &store.Result{ID: newID(), ClientID: d.ClientID, SubjectID: d.SubjectID, Kind: kind,
		ResultVersion: d.Version, CreatedAt: now, ExpiresAt: now.Add(r.ttl()).Truncate(time.Second)}
	err := r.Store.InTx(ctx, func(tx *store.Tx) error {
		if err := tx.InsertResultOf(ctx, res, d.Connections); err != nil {
			return goneAsUnknown(err)
		}
		_, err := tx.Enqueue(ctx, store.NewJob{Kind: BuildJob, Key: res.ID,
			Payload: resultJob{ResultID: res.ID}, MaxAttempts: MaxAttempts})
		return err
	})
	if err != nil {
		return nil, err
	}
	link := r.Links.Link(res.ID, res.ExpiresAt)
	return &Answer{Link: &link}, nil
}

// goneAsUnknown is ErrUnknownSubject when err says that a connection the
// result was to be built from was deleted meanwhile.
func goneAsUnknown(err error) error {
	if errors.Is(err, store.ErrNotFound) {
		return ErrUnknownSubject
	}
	return err
}
