package aggregation

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"openbank/banks"
	"openbank/jobs"
	"openbank/store"
)

// Callback events.
const (
	EventFetchSucceeded  = "fetchSucceeded"
	EventFetchFailed     = "fetchFailed"
	EventConsentExpiring = "consentExpiring"
)

// Callback headers.
const (
	HeaderEventID   = "X-Openbank-Event-Id"
	HeaderSignature = "X-Openbank-Signature"   // compact JWS over the body's digest
	HeaderHMAC      = "X-Openbank-Hmac-Sha256" // t=<unix seconds>,v1=<hex HMAC of "t.body">
)

// CallbackDeliveryWindow is how long a callback is retried.
const CallbackDeliveryWindow = 24 * time.Hour

// CallbackBody is the JSON body of every callback.
type CallbackBody struct {
	EventID              string            `json:"eventId"`
	Event                string            `json:"event"`
	ConnectionID         int64             `json:"connectionId"`
	FetchID              int64             `json:"fetchId,omitempty"`
	SubjectID            string            `json:"subjectId"`
	CallbackFields       map[string]string `json:"callbackFields"`
	FlagErrorRecoverable *bool             `json:"flagErrorRecoverable,omitempty"`
	ErrorReason          string            `json:"errorReason,omitempty"`
	ConsentValidUntil    *time.Time        `json:"consentValidUntil,omitempty"`
	RequestID            string            `json:"requestId,omitempty"`
	GroupID              string            `json:"groupId,omitempty"`
	OccurredAt           time.Time         `json:"occurredAt"`
}

// queueFetchCallback queues the success or failure callback of a fetch,
// when the client takes callbacks and registered the URL. The caller reads
// the client's settings before the transaction opens: read inside, they
// would ask the pool for a second connection while tx holds one.
func (s *Service) queueFetchCallback(ctx context.Context, tx *store.Tx, settings ClientSettings, conn *store.Connection, f *store.Fetch, cause error) error {
	target, event := settings.SuccessURL, EventFetchSucceeded
	if cause != nil {
		target, event = settings.FailureURL, EventFetchFailed
	}
	if !settings.Callbacks || target == "" {
		return nil
	}
	body, err := s.callbackBody(conn, event)
	if err != nil {
		return err
	}
	fields, err := decodeFields(f.CallbackFields)
	if err != nil {
		return err
	}
	body.FetchID, body.CallbackFields = f.ID, fields
	body.RequestID, body.GroupID = f.RequestID.String, f.GroupID.String
	if cause != nil {
		recoverable := banks.Recoverable(cause)
		body.FlagErrorRecoverable, body.ErrorReason = &recoverable, failureOf(cause).Reason
	}
	return s.queueCallback(ctx, tx, conn, f.ID, target, body)
}

func (s *Service) callbackBody(conn *store.Connection, event string) (CallbackBody, error) {
	fields, err := decodeFields(conn.CallbackFields)
	if err != nil {
		return CallbackBody{}, err
	}
	return CallbackBody{EventID: uuid.NewString(), Event: event, ConnectionID: conn.ID, SubjectID: conn.SubjectID,
		CallbackFields: fields, RequestID: conn.RequestID, GroupID: conn.GroupID.String, OccurredAt: s.now()}, nil
}

func (s *Service) queueCallback(ctx context.Context, tx *store.Tx, conn *store.Connection, fetchID int64, target string, body CallbackBody) error {
	raw, err := json.Marshal(body)
	if err != nil {
		return err
	}
	cb := &store.Callback{ID: body.EventID, ClientID: conn.ClientID, ConnectionID: store.NullInt64{Int64: conn.ID, Valid: true},
		FetchID: store.NullInt64{Int64: fetchID, Valid: fetchID != 0}, Event: body.Event, URL: target, Endpoint: endpointOf(target), Body: raw}
	return tx.QueueCallback(ctx, cb, CallbackMaxAttempts)
}

// DeliverCallback is the job handler of store.CallbackJob: one attempt to
// POST the callback, recorded with what follows from it. A refused target
// fails at once; other failures retry on the Service's RetrySchedule
// (honouring Retry-After) until CallbackDeliveryWindow has passed; a
// delivery makes the endpoint's queued callbacks due now.
func (s *Service) DeliverCallback(ctx context.Context, job *store.Job) error {
	var payload struct {
		CallbackID string `json:"callbackId"`
	}
	if err := json.Unmarshal(job.Payload, &payload); err != nil {
		return jobs.Permanent(err)
	}
	cb, err := s.Store.Callback(ctx, payload.CallbackID)
	if err != nil {
		return ignoreNotFound(err)
	}
	if cb.Status != "pending" {
		return nil
	}
	settings, err := s.Clients.Settings(ctx, cb.ClientID)
	if err != nil {
		return err
	}
	sec, err := s.Store.CallbackSecurity(ctx, cb.ClientID)
	if err != nil {
		return err
	}
	d := s.post(ctx, cb, settings.HMACSecret, sec)
	outcome := s.outcome(cb, job.ID, d)
	next, err := s.Store.RecordCallbackAttempt(context.WithoutCancel(ctx), d.attempt, outcome)
	if err != nil {
		return err
	}
	switch outcome.Status {
	case "failed":
		return jobs.Permanent(errors.New("callback not delivered: " + d.attempt.Error.String))
	case "pending":
		slog.WarnContext(ctx, "callbacks: not delivered", "callback", cb.ID, "error", d.attempt.Error.String, "retry_in", next.String())
	}
	return nil
}
