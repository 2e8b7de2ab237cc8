package views

import (
	"strconv"
	"strings"

	"github.com/a-h/templ"
)

// refreshContent is the content of the progress page's refresh header.
func refreshContent(url string) string {
	return strconv.Itoa(RefreshSeconds) + ";url=" + url
}

// backClass styles the way back to the client: the page's main button,
// or a quieter one when trying again comes first.
func backClass(retryHref string) string {
	if retryHref != "" {
		return "button secondary"
	}
	return "button"
}

// fieldAria ties a form field to the error shown above the form (errorID,
// when problem is set) and to its own hint: aria-describedby and
// aria-invalid.
func fieldAria(errorID, problem, hint string) templ.Attributes {
	ids := hint
	attrs := templ.Attributes{}
	if problem != "" {
		ids = strings.TrimSpace(errorID + " " + hint)
		attrs["aria-invalid"] = "true"
	}
	if ids != "" {
		attrs["aria-describedby"] = ids
	}
	return attrs
}

// retryFirst is the result page's retry address when trying again is its
// main action.
func retryFirst(v WidgetResult) string {
	if v.RetryFirst {
		return v.RetryHref
	}
	return ""
}

// withdrawKey is the consent page's message on withdrawing: for one-time
// or recurring access, with or without the client's privacy page.
func withdrawKey(v WidgetConsent) string {
	switch {
	case v.OneTime && v.PrivacyURL != "":
		return "widget.consent.withdraw.once.privacy"
	case v.OneTime:
		return "widget.consent.withdraw.once"
	case v.PrivacyURL != "":
		return "widget.consent.withdraw.recurring.privacy"
	}
	return "widget.consent.withdraw.recurring"
}
