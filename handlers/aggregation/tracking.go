package aggregation

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"regexp"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"openbank/aggregation"
	"openbank/handlers/caller"
	"openbank/handlers/fault"
	"openbank/handlers/requestid"
	"openbank/store"
)

// Tracking headers of every aggregation call.
const (
	HeaderRequestID = "X-Request-Id"
	HeaderGroupID   = "X-Group-Id"
)

var validGroupID = regexp.MustCompile(`^[A-Za-z0-9._:-]{1,128}$`)

type trackingKey struct{}

// Tracking is a call's request and group ids.
type Tracking struct {
	RequestID string
	GroupID   string
}

// trackingOf returns the ids Track stored.
func trackingOf(c *gin.Context) Tracking {
	t, _ := c.Request.Context().Value(trackingKey{}).(Tracking)
	return t
}

// Track requires a UUID X-Request-Id and accepts an X-Group-Id; both are
// echoed and kept for the records the call creates.
func (h *Handler) Track(c *gin.Context) {
	rid := c.GetHeader(HeaderRequestID)
	if _, err := uuid.Parse(rid); err != nil || len(rid) != 36 {
		fault.Abort(c, fault.Validation(HeaderRequestID, "header is required and must be a UUID, unique per call"))
		return
	}
	t := Tracking{RequestID: rid}
	if gid := c.GetHeader(HeaderGroupID); gid != "" {
		if !validGroupID.MatchString(gid) {
			fault.Abort(c, fault.Validation(HeaderGroupID, "must be 1-128 characters of A-Z a-z 0-9 . _ : -"))
			return
		}
		t.GroupID = gid
		c.Header(HeaderGroupID, gid)
	}
	c.Header(HeaderRequestID, rid)
	ctx := context.WithValue(c.Request.Context(), trackingKey{}, t)
	if t.GroupID != "" {
		ctx = requestid.WithGroup(ctx, t.GroupID) // every log line of the call carries it
	}
	c.Request = c.Request.WithContext(ctx)
	c.Next()
}

// Idempotent makes a mutating call safe to retry: the first answer to a
// client's request id is stored and replayed for 24 hours without acting
// again, as long as the retry is the same request (method, path, query and
// body). Failures on our side (5xx) are not stored, so a retry acts.
func (h *Handler) Idempotent(c *gin.Context) {
	who, ok := caller.Of(c)
	if !ok {
		return
	}
	ctx := c.Request.Context()
	clientID, rid := who.ClientID, trackingOf(c).RequestID
	req, err := idempotentRequest(c.Request)
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &tooLarge):
		fault.Abort(c, fault.New(http.StatusRequestEntityTooLarge, fault.CodeTooLarge, "request body too large",
			fmt.Sprintf("the body must be at most %d bytes", tooLarge.Limit)))
		return
	case err != nil:
		fault.Abort(c, fault.Validation("body", "could not be read; send it again"))
		return
	}
	answer, err := h.Service.BeginRequest(ctx, clientID, rid, req)
	switch {
	case errors.Is(err, store.ErrInFlight):
		fault.Abort(c, fault.New(http.StatusConflict, fault.CodeConflict, "request in progress",
			"a call with this X-Request-Id is still being processed; retry in a moment"))
		return
	case errors.Is(err, store.ErrRequestIDReused):
		fault.Abort(c, fault.New(http.StatusConflict, fault.CodeConflict, "request id reused",
			"this X-Request-Id was used for a different request (another method, path, query or body); use a new UUID per call"))
		return
	case err != nil:
		fault.Abort(c, err)
		return
	case answer != nil:
		c.Header("Idempotent-Replayed", "true")
		c.Data(answer.Status, "application/json; charset=utf-8", answer.Body)
		c.Abort()
		return
	}
	rec := &recorder{ResponseWriter: c.Writer}
	c.Writer = rec
	c.Next()
	bg := context.WithoutCancel(ctx)
	if rec.Status() >= 500 {
		if err := h.Service.AbandonRequest(bg, clientID, rid); err != nil {
			slog.ErrorContext(ctx, "forgetting an idempotent request", "error", err)
		}
		return
	}
	if err := h.Service.FinishRequest(bg, clientID, rid, store.StoredAnswer{Status: rec.Status(), Body: rec.body.Bytes()}); err != nil {
		slog.ErrorContext(ctx, "storing an idempotent answer", "error", err)
	}
}

// idempotentRequest reads what an idempotency key binds: the method, the
// path and the digest of the method, path, query and body. It reads at most
// one byte more than the largest body any call accepts and leaves the body
// for the handler to read again, its own limit included.
func idempotentRequest(r *http.Request) (store.IdempotentRequest, error) {
	h := sha256.New()
	fmt.Fprintf(h, "%s\n%s?%s\n", r.Method, r.URL.Path, r.URL.RawQuery)
	if r.Body != nil {
		head, err := io.ReadAll(io.LimitReader(r.Body, aggregation.MaxUploadBytes+1))
		if err != nil {
			return store.IdempotentRequest{}, err
		}
		h.Write(head)
		r.Body = readCloser{io.MultiReader(bytes.NewReader(head), r.Body), r.Body}
	}
	return store.IdempotentRequest{Method: r.Method, Path: r.URL.Path, Digest: h.Sum(nil)}, nil
}

// readCloser reads from one reader and closes another.
type readCloser struct {
	io.Reader
	io.Closer
}

// recorder keeps a copy of the response body.
type recorder struct {
	gin.ResponseWriter
	body bytes.Buffer
}

func (r *recorder) Write(b []byte) (int, error) {
	r.body.Write(b) // a bytes.Buffer write never fails
	return r.ResponseWriter.Write(b)
}

func (r *recorder) WriteString(s string) (int, error) {
	r.body.WriteString(s)
	return r.ResponseWriter.WriteString(s)
}
