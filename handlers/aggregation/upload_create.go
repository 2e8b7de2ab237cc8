package aggregation

import (
	"errors"
	"mime"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"openbank/aggregation"
	"openbank/handlers/caller"
	"openbank/handlers/fault"
	"openbank/handlers/jsonbody"
)

// CreateUpload stores accounts and transactions from elsewhere, sent as
// JSON or as a CSV file (POST /uploads); 201 with the connection and what
// was added.
func (h *Handler) CreateUpload(c *gin.Context) {
	who, ok := caller.Of(c)
	if !ok {
		return
	}
	body, ok := readUpload(c)
	if !ok {
		return
	}
	req, err := h.uploadRequest(c, body)
	if err != nil {
		fault.Abort(c, err)
		return
	}
	t := trackingOf(c)
	req.ClientID, req.RequestID, req.GroupID = who.ClientID, t.RequestID, t.GroupID
	res, err := h.Service.Upload(c.Request.Context(), req)
	if err != nil {
		failUpload(c, err)
		return
	}
	c.JSON(http.StatusCreated, uploadOf(res))
}

// readUpload reads a body of at most aggregation.MaxUploadBytes; beyond
// that it answers 413.
func readUpload(c *gin.Context) ([]byte, bool) { return readBody(c, aggregation.MaxUploadBytes) }

// uploadRequest reads the body by its Content-Type: a JSON document, or a
// CSV file whose subject comes in the query.
func (h *Handler) uploadRequest(c *gin.Context, body []byte) (aggregation.UploadRequest, error) {
	media, params, err := mime.ParseMediaType(c.GetHeader("Content-Type"))
	if cs, ok := params["charset"]; err == nil && ok && !strings.EqualFold(cs, "utf-8") {
		return aggregation.UploadRequest{}, fault.Validation("Content-Type", "charset must be utf-8")
	}
	switch {
	case err == nil && media == "application/json":
		return parseUploadJSON(body, h.now())
	case err == nil && media == "text/csv":
		return h.csvRequest(c, body)
	}
	return aggregation.UploadRequest{}, fault.Validation("Content-Type", "must be application/json or text/csv")
}

// csvRequest reads subjectId, kind, connectionId and currency (default
// GBP) from the query and the accounts from the file.
func (h *Handler) csvRequest(c *gin.Context, body []byte) (aggregation.UploadRequest, error) {
	var req aggregation.UploadRequest
	req.SubjectID = c.Query("subjectId")
	if !jsonbody.SubjectPattern.MatchString(req.SubjectID) {
		return req, fault.Validation("subjectId", "is required: up to 64 characters A-Z a-z 0-9 . _ : @ -")
	}
	req.Kind = c.Query("kind")
	if err := aggregation.CheckUploadKind(req.Kind); err != nil {
		return req, fault.Validation("kind", err.Error())
	}
	if raw, ok := c.GetQuery("connectionId"); ok {
		id, err := strconv.ParseInt(raw, 10, 64)
		if err != nil || id <= 0 {
			return req, fault.Validation("connectionId", "must be a positive integer")
		}
		req.ConnectionID = id
	}
	currency := c.DefaultQuery("currency", "GBP")
	if err := aggregation.CheckCurrency(currency); err != nil {
		return req, fault.Validation("currency", err.Error())
	}
	var err error
	req.Accounts, err = parseUploadCSV(body, currency, h.now())
	return req, err
}

// failUpload maps the refusals of an upload; other errors as fail does.
func failUpload(c *gin.Context, err error) {
	var fe *aggregation.FieldError
	switch {
	case errors.Is(err, aggregation.ErrUploadConflict) && errors.As(err, &fe):
		fault.Abort(c, fault.New(http.StatusConflict, fault.CodeConflict, "upload conflict", fe.Error()))
	case errors.As(err, &fe):
		fault.Abort(c, Refusal(err))
	default:
		fail(c, err)
	}
}
