package aggregation

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"openbank/banks"
	"openbank/jobs"
	"openbank/store"
)

// RunApproval runs an ApprovalJob: it asks the bank whether the subject
// has approved, as the widget's waiting page does, and settles the SCA
// as the widget would: approved, the consent is ok and the first fetch
// (with its callbacks) is queued; denied, it fails. While the bank has no
// answer, or does not answer, the job snoozes and asks again; once the
// policy's window is over, the SCA ends as abandoned (the consent stays
// new). An SCA settled or superseded meanwhile ends the job.
func (s *Service) RunApproval(ctx context.Context, job *store.Job) error {
	var p approvalPayload
	if err := json.Unmarshal(job.Payload, &p); err != nil {
		return jobs.Permanent(fmt.Errorf("aggregation: approval payload: %w", err))
	}
	sca, err := s.waitingSCA(ctx, p)
	if sca == nil || err != nil {
		return err
	}
	policy := s.approvalPolicy()
	waited := s.now().Sub(startOf(sca))
	log := s.log().With("connection", p.ConnectionID, "consent", p.ConsentID, "attempt", job.Attempts)
	if waited >= policy.Window {
		log.InfoContext(ctx, "approval not given in time; SCA abandoned", "waited", waited.String())
		return ignoreClosed(s.AbandonSCA(ctx, sca))
	}
	_, err = s.FinishSCA(ctx, sca, banks.Credentials{})
	if hint, throttled := banks.Throttled(err); throttled {
		return jobs.Snooze(max(hint, policy.Max))
	}
	var pe *banks.ProviderError
	switch {
	case errors.As(err, &pe): // no answer this time: still waiting, as in the widget
		log.WarnContext(ctx, "approval: bank did not answer", "error", err)
		return jobs.Snooze(policy.Max)
	case err != nil:
		return ignoreClosed(err)
	case sca.ApprovalPending:
		return jobs.Snooze(policy.pause(waited))
	}
	log.InfoContext(ctx, "approval answered", "waited", waited.String())
	return nil
}

// waitingSCA is the open SCA an ApprovalJob waits for; nil once it is
// settled, superseded by a newer one, or its connection deleted.
func (s *Service) waitingSCA(ctx context.Context, p approvalPayload) (*SCA, error) {
	conn, err := s.Store.ConnectionByID(ctx, p.ConnectionID)
	if err != nil {
		return nil, ignoreNotFound(err)
	}
	sca, err := s.OpenSCA(ctx, conn)
	if err != nil || sca.Consent.ID != p.ConsentID || !s.awaitingApproval(sca) {
		return nil, ignoreClosed(ignoreNotFound(err))
	}
	return sca, nil
}

// startOf is when an SCA started at the bank.
func startOf(sca *SCA) time.Time {
	if sca.Authorisation.StartedAt.IsZero() {
		return sca.Consent.CreatedAt
	}
	return sca.Authorisation.StartedAt
}

// ignoreClosed is err, but nil for an SCA already settled.
func ignoreClosed(err error) error {
	if errors.Is(err, ErrSCAClosed) {
		return nil
	}
	return err
}
