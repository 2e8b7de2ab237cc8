package admin

import (
	"errors"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"openbank/aggregation"
	"openbank/store"
	"openbank/views"
)

// ClientCallbackSecurity is POST /admin/clients/:id/callback-security:
// mutual TLS and the client's token endpoint for its callbacks. A refused
// setting comes back on the client's page with the reason.
func (h *Handler) ClientCallbackSecurity(c *gin.Context) {
	ctx := c.Request.Context()
	id := c.Param("id")
	f, ok := h.clientForm(c, id)
	if !ok {
		return
	}
	before, err := h.agg.CallbackSecurity(ctx, id)
	if err != nil {
		h.fail(c, err)
		return
	}
	sec := store.CallbackSecurity{ClientID: id, MTLS: c.PostForm("mtls") == "1", TokenURL: strings.TrimSpace(c.PostForm("tokenUrl")),
		TokenClientID: strings.TrimSpace(c.PostForm("tokenClientId")), TokenScope: strings.TrimSpace(c.PostForm("tokenScope"))}
	if s := c.PostForm("tokenSecret"); s != "" {
		sec.TokenSecret = []byte(s)
	}
	var fe *aggregation.FieldError
	if err := h.agg.SetCallbackSecurity(ctx, sec); errors.As(err, &fe) {
		f.Security = h.securityView(f.CSRF, sec)
		f.Security.Problem = fe.Error()
		h.render(c, http.StatusBadRequest, views.AdminClientPage(f))
		return
	} else if err != nil {
		h.fail(c, err)
		return
	}
	after, err := h.agg.CallbackSecurity(ctx, id)
	if err == nil {
		err = h.record(c, "client.callback-security", "client/"+id, securityRecord(before), securityRecord(after))
	}
	if err != nil {
		h.fail(c, err)
		return
	}
	h.done(c, "/admin/clients/"+id+"#callback-security", "Callback security of "+id+" saved.")
}

// securityView is the form of a client's callback security.
func (h *Handler) securityView(csrf string, sec store.CallbackSecurity) views.AdminCallbackSecurity {
	v := views.AdminCallbackSecurity{ClientID: sec.ClientID, CSRF: csrf, MTLS: sec.MTLS, MTLSAvailable: h.agg.MTLSHTTP != nil,
		TokenURL: sec.TokenURL, TokenClientID: sec.TokenClientID, TokenScope: sec.TokenScope, HasTokenSecret: len(sec.TokenSecret) > 0}
	if h.portal != nil {
		v.Sources = h.portal.Sources
	}
	return v
}

// securityRecord is callback security as the audit log keeps it: whether
// a token secret exists, never its value.
func securityRecord(sec store.CallbackSecurity) map[string]any {
	return map[string]any{"mtls": sec.MTLS, "tokenUrl": sec.TokenURL, "tokenClientId": sec.TokenClientID,
		"tokenScope": sec.TokenScope, "tokenSecret": len(sec.TokenSecret) > 0}
}
