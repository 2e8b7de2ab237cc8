package aggregation

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
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

// SignaturePayload is what the JWS of HeaderSignature signs.
type SignaturePayload struct {
	Issuer   string `json:"iss"`
	IssuedAt int64  `json:"iat"`
	EventID  string `json:"eventId"`
	Digest   string `json:"sha256"` // base64url SHA-256 of the exact body bytes
}

// queueFetchCallback queues the success or failure callback of a fetch,
// when the client takes callbacks and registered the URL.
func (s *Service) queueFetchCallback(ctx context.Context, tx *store.Tx, conn *store.Connection, f *store.Fetch, cause error) error {
	settings, err := s.Clients.Settings(ctx, conn.ClientID)
	if err != nil {
		return err
	}
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
		body.FlagErrorRecoverable, body.ErrorReason = &recoverable, reason(cause)
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
		FetchID: store.NullInt64{Int64: fetchID, Valid: fetchID != 0}, Event: body.Event, URL: target, Body: raw}
	return tx.QueueCallback(ctx, cb, CallbackMaxAttempts)
}

// DeliverCallback is the job handler of store.CallbackJob: one attempt to
// POST the callback, recorded; failures retry with back-off (honouring
// Retry-After) until CallbackDeliveryWindow has passed.
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
	attempt, retryAfter := s.post(ctx, cb, settings.HMACSecret)
	status := "pending"
	switch {
	case !attempt.Error.Valid:
		status = "delivered"
	case s.now().Sub(cb.CreatedAt) >= CallbackDeliveryWindow:
		status = "failed"
	}
	if err := s.Store.RecordCallbackAttempt(context.WithoutCancel(ctx), attempt, status); err != nil {
		return err
	}
	switch status {
	case "delivered":
		return nil
	case "failed":
		return jobs.Permanent(errors.New("callback not delivered within 24 hours: " + attempt.Error.String))
	}
	return jobs.RetryAfter(errors.New(attempt.Error.String), retryAfter)
}

// post sends one attempt and describes it.
func (s *Service) post(ctx context.Context, cb *store.Callback, hmacSecret []byte) (store.CallbackAttempt, time.Duration) {
	started := time.Now()
	a := store.CallbackAttempt{CallbackID: cb.ID, AttemptedAt: s.now()}
	req, err := s.signedRequest(ctx, cb, hmacSecret)
	if err != nil {
		a.Error = store.NullString{String: "signing: " + err.Error(), Valid: true}
		return a, 0
	}
	resp, err := s.HTTP.Do(req)
	a.DurationMS = int(time.Since(started).Milliseconds())
	if err != nil {
		a.Error = store.NullString{String: "request failed: " + requestFailure(err), Valid: true}
		return a, 0
	}
	defer func() { _ = resp.Body.Close() }()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10)) // drained for reuse; the body is not read
	a.StatusCode = store.NullInt64{Int64: int64(resp.StatusCode), Valid: true}
	if resp.StatusCode >= 200 && resp.StatusCode < 300 {
		return a, 0
	}
	a.Error = store.NullString{String: "answered " + resp.Status, Valid: true}
	return a, retryAfter(resp.Header.Get("Retry-After"))
}

// requestFailure describes why a request got no answer: the cause inside
// the *url.Error, without the method and URL it repeats.
func requestFailure(err error) string {
	var ue *url.Error
	if errors.As(err, &ue) && ue.Err != nil {
		return ue.Err.Error()
	}
	return err.Error()
}

// retryAfter reads a Retry-After header in seconds; anything else asks
// for no particular delay.
func retryAfter(header string) time.Duration {
	secs, err := strconv.Atoi(header)
	if err != nil || secs < 0 {
		return 0
	}
	return time.Duration(secs) * time.Second
}

func (s *Service) signedRequest(ctx context.Context, cb *store.Callback, hmacSecret []byte) (*http.Request, error) {
	digest := sha256.Sum256(cb.Body)
	payload, err := encode(SignaturePayload{Issuer: s.PublicURL, IssuedAt: s.now().Unix(), EventID: cb.ID,
		Digest: base64.RawURLEncoding.EncodeToString(digest[:])})
	if err != nil {
		return nil, err
	}
	jws, err := s.Signer.Sign(payload)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, cb.URL, bytes.NewReader(cb.Body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "Openbank-Callbacks/1")
	req.Header.Set(HeaderEventID, cb.ID)
	req.Header.Set(HeaderSignature, jws)
	if len(hmacSecret) > 0 {
		req.Header.Set(HeaderHMAC, HMACHeader(hmacSecret, s.now(), cb.Body))
	}
	return req, nil
}

// HMACHeader is the value of HeaderHMAC for body sent at t.
func HMACHeader(secret []byte, t time.Time, body []byte) string {
	ts := strconv.FormatInt(t.Unix(), 10)
	mac := hmac.New(sha256.New, secret)
	fmt.Fprintf(mac, "%s.", ts)
	mac.Write(body)
	return "t=" + ts + ",v1=" + hex.EncodeToString(mac.Sum(nil))
}
