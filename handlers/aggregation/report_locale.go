package aggregation

import (
	"github.com/gin-gonic/gin"

	"openbank/handlers/fault"
	"openbank/i18n"
)

// reportLocale chooses the language of a report: the locale query
// parameter (a BCP 47 tag; a malformed one is 400), then Accept-Language,
// then English. A language no catalogue serves is passed over.
func reportLocale(c *gin.Context) (string, bool) {
	c.Writer.Header().Add("Vary", "Accept-Language")
	locale := c.Query("locale")
	if locale != "" && !i18n.Valid(locale) {
		fault.Abort(c, fault.Validation("locale", "must be a BCP 47 language tag, e.g. \"fr\" or \"de-CH\""))
		return "", false
	}
	for _, lang := range []string{i18n.Match(locale), i18n.MatchAccept(c.GetHeader("Accept-Language"))} {
		if lang != "" {
			return lang, true
		}
	}
	return i18n.Default, true
}
