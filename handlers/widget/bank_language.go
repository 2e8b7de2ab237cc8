package widget

import (
	"net/url"
	"strings"
)

// bankPageIn passes the subject's language to a simulated bank's sign-in
// page (ours, under /mockbank/) as ui_locales, so that the page the widget
// leads to speaks it too. Another bank's address is left as it is.
func bankPageIn(redirect, lang string) string {
	u, err := url.Parse(redirect)
	if err != nil || !strings.HasPrefix(u.Path, "/mockbank/") {
		return redirect
	}
	q := u.Query()
	q.Set("ui_locales", lang)
	u.RawQuery = q.Encode()
	return u.String()
}
