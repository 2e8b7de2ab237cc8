package widget

import (
	"encoding/json"
	"net/http"
	"regexp"
	"time"

	"github.com/gin-gonic/gin"

	"openbank/handlers/fault"
	"openbank/handlers/jsonbody"
	"openbank/i18n"
	"openbank/widget"
)

// ConnectBody is the body of POST /widget/connect.
type ConnectBody struct {
	SubjectID           json.RawMessage   `json:"subjectId"`
	CountryCodes        []string          `json:"countryCodes"`
	ReturnTo            string            `json:"returnTo"`
	ReturnConnectionID  bool              `json:"returnConnectionId"`
	ReturnWidgetIDError bool              `json:"returnWidgetIdError"`
	CallbackFields      map[string]string `json:"callbackFields"`
	Access              string            `json:"access"`      // one_time (default) or recurring, as POST /connections
	ConsentDays         *int              `json:"consentDays"` // recurring: 1 to 180, default 90
	Locale              string            `json:"locale"`      // BCP 47: the language of the subject's pages
}

// Created is the answer to POST /widget/connect and /widget/reconnect.
type Created struct {
	WidgetID  int64     `json:"widgetId"`
	URL       string    `json:"url"`
	ExpiredAt time.Time `json:"expiredAt"`
}

var validCountry = regexp.MustCompile(`^[A-Za-z]{2}$`)

// Connect creates a widget link for a subject: POST /widget/connect.
func (h *Handler) Connect(c *gin.Context) {
	who, ok := callerOf(c)
	if !ok {
		return
	}
	var body ConnectBody
	if !jsonbody.Read(c, &body) {
		return
	}
	req, err := body.request(who)
	if err != nil {
		fault.Abort(c, err)
		return
	}
	created, err := h.service.Create(c.Request.Context(), req)
	if err != nil {
		fault.Abort(c, apiError(err))
		return
	}
	c.JSON(http.StatusCreated, Created{WidgetID: created.Widget.ID, URL: created.URL, ExpiredAt: created.Widget.ExpiredAt})
}

// request checks the body's fields and builds the domain request.
func (b ConnectBody) request(who caller) (widget.Request, error) {
	subject, err := jsonbody.SubjectID(b.SubjectID)
	if err != nil {
		return widget.Request{}, fault.Validation("subjectId", err.Error())
	}
	if len(b.CountryCodes) == 0 || len(b.CountryCodes) > 50 {
		return widget.Request{}, fault.Validation("countryCodes", "must list 1 to 50 country codes, e.g. [\"XF\"]")
	}
	for _, cc := range b.CountryCodes {
		if !validCountry.MatchString(cc) {
			return widget.Request{}, fault.Validation("countryCodes", "each must be a two-letter country code")
		}
	}
	if err := checkLocale(b.Locale); err != nil {
		return widget.Request{}, err
	}
	return widget.Request{ClientID: who.clientID, SubjectID: subject, CountryCodes: b.CountryCodes,
		ReturnTo: b.ReturnTo, ReturnConnectionID: b.ReturnConnectionID, ReturnWidgetIDError: b.ReturnWidgetIDError,
		CallbackFields: b.CallbackFields, Access: b.Access, ConsentDays: b.ConsentDays, RequestID: who.requestID,
		GroupID: who.groupID, Locale: b.Locale}, nil
}

// checkLocale accepts an absent locale or a well-formed BCP 47 tag; one
// Openbank does not speak is kept and passed over when pages are shown.
func checkLocale(locale string) error {
	if locale != "" && !i18n.Valid(locale) {
		return fault.Validation("locale", "must be a BCP 47 language tag, e.g. \"fr\" or \"de-CH\"")
	}
	return nil
}
