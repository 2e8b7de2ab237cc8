package widget

import (
	"encoding/json"
	"errors"
	"net/http"
	"regexp"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"openbank/aggregation"
	"openbank/handlers/fault"
)

// ConnectBody is the body of POST /widget/connect.
type ConnectBody struct {
	SubjectID           json.RawMessage   `json:"subjectId"`
	CountryCodes        []string          `json:"countryCodes"`
	ReturnTo            string            `json:"returnTo"`
	ReturnConnectionID  bool              `json:"returnConnectionId"`
	ReturnWidgetIDError bool              `json:"returnWidgetIdError"`
	CallbackFields      map[string]string `json:"callbackFields"`
	AccessType          string            `json:"accessType"`          // one_time or recurring (default)
	ConsentDurationDays int               `json:"consentDurationDays"` // recurring: 1 to 365, default 90
}

// Created is the answer to POST /widget/connect and /widget/reconnect.
type Created struct {
	WidgetID  int64     `json:"widgetId"`
	URL       string    `json:"url"`
	ExpiredAt time.Time `json:"expiredAt"`
}

var (
	validSubject = regexp.MustCompile(`^[A-Za-z0-9._:@-]{1,64}$`)
	validCountry = regexp.MustCompile(`^[A-Za-z]{2}$`)
)

// Connect creates a widget link for a subject: POST /widget/connect.
func (h *Handler) Connect(c *gin.Context) {
	who, ok := callerOf(c)
	if !ok {
		return
	}
	var body ConnectBody
	if err := c.ShouldBindJSON(&body); err != nil {
		fault.Abort(c, fault.Validation("body", "must be a JSON object with the fields of the widget; "+jsonProblem(err)))
		return
	}
	req, err := body.request(who)
	if err != nil {
		fault.Abort(c, err)
		return
	}
	created, err := h.service.CreateWidget(c.Request.Context(), req)
	if err != nil {
		fault.Abort(c, apiError(err))
		return
	}
	c.JSON(http.StatusCreated, Created{WidgetID: created.Widget.ID, URL: created.URL, ExpiredAt: created.Widget.ExpiredAt})
}

// request checks the body's fields and builds the domain request.
func (b ConnectBody) request(who caller) (aggregation.WidgetRequest, error) {
	subject := strings.Trim(string(b.SubjectID), `"`)
	if !validSubject.MatchString(subject) {
		return aggregation.WidgetRequest{}, fault.Validation("subjectId", "is required: a number or a string of up to 64 characters")
	}
	if len(b.CountryCodes) == 0 || len(b.CountryCodes) > 50 {
		return aggregation.WidgetRequest{}, fault.Validation("countryCodes", "must list 1 to 50 country codes, e.g. [\"XF\"]")
	}
	for _, cc := range b.CountryCodes {
		if !validCountry.MatchString(cc) {
			return aggregation.WidgetRequest{}, fault.Validation("countryCodes", "each must be a two-letter country code")
		}
	}
	access, days := b.AccessType, b.ConsentDurationDays
	if access == "" {
		access = aggregation.Recurring
	}
	if days == 0 {
		days = aggregation.DefaultRecurringDays
	}
	if days < 1 || days > 365 {
		return aggregation.WidgetRequest{}, fault.Validation("consentDurationDays", "must be from 1 to 365")
	}
	return aggregation.WidgetRequest{ClientID: who.clientID, SubjectID: subject, CountryCodes: b.CountryCodes,
		ReturnTo: b.ReturnTo, ReturnConnectionID: b.ReturnConnectionID, ReturnWidgetIDError: b.ReturnWidgetIDError,
		CallbackFields: b.CallbackFields, Access: access, ConsentDays: days, RequestID: who.requestID,
		GroupID: who.groupID}, nil
}

// jsonProblem says what was wrong with a body without internal detail.
func jsonProblem(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) && te.Field != "" {
		return te.Field + " has the wrong type"
	}
	return "it could not be read as JSON"
}
