package results

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"openbank/insight/score"
	"openbank/jobs"
	"openbank/store"
)

// Job kinds of result builds and their clean-up.
const (
	BuildJob   = "result-build"    // key: the result id
	CleanupJob = "results-cleanup" // daily
)

// resultJob is the payload of a build job.
type resultJob struct {
	ResultID string `json:"resultId"`
}

// fetchWait is how long a build waits for a running fetch before it looks again.
const fetchWait = 3 * time.Second

// errFetchRunning asks a build to wait for the subject's fetch.
var errFetchRunning = errors.New("a fetch of the subject is still running")

// RunBuild builds a pending result. It waits for a fetch of the subject
// that is on its way, unless this is its last attempt; a subject whose data
// went away, or that has nothing to report, fails the result for good.
func (r *Service) RunBuild(ctx context.Context, job *store.Job) error {
	var p resultJob
	if err := json.Unmarshal(job.Payload, &p); err != nil {
		return jobs.Permanent(fmt.Errorf("results: result job payload: %w", err))
	}
	res, err := r.Store.Result(ctx, p.ResultID)
	if errors.Is(err, store.ErrNotFound) || (err == nil && res.Status != "pending") {
		return nil // cleaned up or already built
	}
	if err != nil {
		return err
	}
	last := job.Attempts >= job.MaxAttempts
	d, err := r.subject(ctx, res.ClientID, res.SubjectID)
	if err == nil && d.Fetching && !last {
		return jobs.RetryAfter(errFetchRunning, fetchWait)
	}
	var ct string
	var body []byte
	if err == nil {
		ct, body, err = r.build(ctx, d, res.Kind, res.Locale)
	}
	if err == nil {
		return r.finishBuild(ctx, res, d.Version, ct, body)
	}
	if last || errors.Is(err, ErrUnknownSubject) || errors.Is(err, ErrNoSubjectData) || errors.Is(err, score.ErrNoHistory) {
		return errors.Join(jobs.Permanent(err), r.Store.FailResult(ctx, res.ID, buildFailure(err), r.now()))
	}
	return err
}

// finishBuild stores the body of a built result and marks it ready, built
// at version v.
func (r *Service) finishBuild(ctx context.Context, res *store.Result, v store.ResultVersion, ct string, body []byte) error {
	if err := r.bodies().Put(ctx, res.ID, ct, body, res.ExpiresAt); err != nil {
		return err
	}
	return r.Store.FinishResult(ctx, res.ID, v, ct, r.now())
}

// buildFailure is what the download of a failed result says, safe to show.
func buildFailure(err error) string {
	for _, known := range []error{ErrUnknownSubject, ErrNoSubjectData, score.ErrNoHistory} {
		if errors.Is(err, known) {
			return known.Error()
		}
	}
	return "the result could not be built; request it again"
}

// RunCleanup deletes the results that have expired.
func (r *Service) RunCleanup(ctx context.Context, _ *store.Job) error {
	n, err := r.Store.DeleteExpiredResults(ctx, r.now())
	if err != nil {
		return err
	}
	slog.InfoContext(ctx, "expired results deleted", "results", n)
	return nil
}

// Handlers are the job handlers of result builds and clean-ups by kind.
func (r *Service) Handlers() map[string]func(context.Context, *store.Job) error {
	return map[string]func(context.Context, *store.Job) error{
		BuildJob:   r.RunBuild,
		CleanupJob: r.RunCleanup,
	}
}
