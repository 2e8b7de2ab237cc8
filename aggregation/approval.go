package aggregation

import (
	"context"
	"errors"
	"fmt"
	"time"

	"openbank/banks"
	"openbank/jobs"
	"openbank/store"
)

// ApprovalJob is the job kind that asks a decoupled bank again whether the
// subject has approved an SCA started through the API in the bank's app;
// its key is the connection id, so one connection's bank is asked once at
// a time, by one instance.
const ApprovalJob = "sca-approval"

// ErrAwaitingApproval answers an SCA step while the bank waits for the
// subject's approval in its app: there is nothing to send, the server asks
// the bank itself.
var ErrAwaitingApproval = errors.New("the bank waits for the subject's approval in its app; Openbank asks the bank " +
	"again by itself: follow GET /connections/{id} or the callbacks")

// ApprovalPolicy paces the questions to a decoupled bank while an SCA
// started through the API waits for the subject's approval in its app.
type ApprovalPolicy struct {
	First  time.Duration // the pause between the first questions; default 2s
	Max    time.Duration // the longest pause, reached as the wait grows; default 10s
	Window time.Duration // how long after the SCA started the bank is asked; default 15 minutes
}

// DefaultApprovalPolicy asks every 2 s at first, then less often, every
// 10 s from the second minute on, for 15 minutes: longer than a bank's
// own approval request lives, so that the bank's answer (approved,
// denied, expired) normally ends the wait.
var DefaultApprovalPolicy = ApprovalPolicy{First: 2 * time.Second, Max: 10 * time.Second, Window: 15 * time.Minute}

// pause is how long to wait before asking again, an SCA having waited
// for waited: a tenth of the wait, between First and Max.
func (p ApprovalPolicy) pause(waited time.Duration) time.Duration {
	return min(max(waited/10, p.First), p.Max)
}

func (s *Service) approvalPolicy() ApprovalPolicy {
	if s.Approvals == (ApprovalPolicy{}) {
		return DefaultApprovalPolicy
	}
	return s.Approvals
}

// approvalPayload names the SCA an ApprovalJob waits for.
type approvalPayload struct {
	ConnectionID int64 `json:"connectionId"`
	ConsentID    int64 `json:"consentId"`
}

// queueApproval queues the ApprovalJob of an SCA the API started that
// the bank left waiting for the subject's approval, in the transaction
// that records it. The job runs at once, as the widget's first look does,
// and paces itself from then on with snoozes, which the queue counts in
// real time.
func (s *Service) queueApproval(ctx context.Context, tx *store.Tx, sca *SCA, scaErr error) error {
	if !sca.PollApproval || !errors.Is(scaErr, banks.ErrApprovalPending) {
		return nil
	}
	_, err := tx.Enqueue(ctx, store.NewJob{Kind: ApprovalJob, Key: fmt.Sprint(sca.Connection.ID),
		Payload: approvalPayload{ConnectionID: sca.Connection.ID, ConsentID: sca.Consent.ID}, MaxAttempts: jobs.DefaultMaxAttempts})
	return err
}

// awaitingApproval reports whether an open SCA waits for the subject's
// approval in a decoupled bank's app.
func (s *Service) awaitingApproval(sca *SCA) bool {
	p, err := s.Banks.Bank(sca.Connection.Provider)
	return err == nil && p.Info().Decoupled && sca.Authorisation.Challenge != ""
}
