package docs

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/gin-gonic/gin"

	"openbank/handlers/page"
	"openbank/views"
)

// Callback renders GET /docs/callback, the demo client's redirect URI: the
// code (or the error) the authorization server sent, and the curl command
// that exchanges the code. Opened by the interactive reference, it hands
// the code back to it.
func (h *Handler) Callback(c *gin.Context) {
	v := views.DocsCallback{
		Page:             h.pages.Page("Authorization callback"),
		Code:             c.Query("code"),
		State:            c.Query("state"),
		Error:            c.Query("error"),
		ErrorDescription: c.Query("error_description"),
		Script:           h.ui.path("docs.js"),
		HandOver:         h.ui.path("oauth2-redirect.js"),
		Returns:          widgetReturns(c.Request.URL.Query()),
	}
	if v.Code != "" {
		v.Exchange = h.exchangeCommand(v.Code)
	}
	c.Header("Cache-Control", "no-store")
	page.Render(c, http.StatusOK, views.DocsCallbackPage(v))
}

// widgetReturns are the widget's parameters of a returnTo visit:
// connectionId=<id>,<status> (once per connection) and widgetId=<id>,<error>,
// in that order; a value without a comma is shown with no status.
func widgetReturns(q url.Values) []views.WidgetReturn {
	var out []views.WidgetReturn
	for _, param := range []string{"connectionId", "widgetId"} {
		for _, v := range q[param] {
			id, status, _ := strings.Cut(v, ",")
			out = append(out, views.WidgetReturn{Param: param, ID: id, Status: status})
		}
	}
	return out
}

// exchangeCommand is the token request that redeems code for the demo
// client, or for any client when the demo does not run.
func (h *Handler) exchangeCommand(code string) string {
	id, secret := "$CLIENT_ID", "$CLIENT_SECRET"
	if h.demo != nil {
		id, secret = h.demo.ClientID, h.demo.ClientSecret
	}
	return fmt.Sprintf("curl -s -u %s:%s -d grant_type=authorization_code \\\n  -d code=%s \\\n"+
		"  -d redirect_uri=%s/docs/callback \\\n  -d code_verifier=$CODE_VERIFIER \\\n  %s/oauth2/token",
		id, secret, shellWord(code), h.publicURL, h.publicURL)
}

// shellWord quotes s for a POSIX shell unless it is plainly safe.
func shellWord(s string) string {
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.' || r == '~') {
			return "'" + quoteSingle(s) + "'"
		}
	}
	return s
}

func quoteSingle(s string) string {
	out := make([]rune, 0, len(s))
	for _, r := range s {
		if r == '\'' {
			out = append(out, []rune(`'\''`)...)
			continue
		}
		out = append(out, r)
	}
	return string(out)
}
