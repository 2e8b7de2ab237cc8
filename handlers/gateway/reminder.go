package gateway

import (
	"github.com/gin-gonic/gin"

	"openbank/gateway"
	"openbank/handlers/fault"
	"openbank/store"
)

// reminderJSON is the Reminder of the API; selectableTextIdx is our
// extension, so a client can patch what it read.
type reminderJSON struct {
	Identifier        string `json:"identifier"`
	Relevance         int32  `json:"relevance"`
	Showcase          string `json:"showcase"`
	Text              string `json:"text"`
	SelectableTextIdx int32  `json:"selectableTextIdx"`
}

func reminderView(r store.Reminder) reminderJSON {
	return reminderJSON{Identifier: r.Identifier, Relevance: r.Relevance, Showcase: r.Showcase,
		Text: r.Text, SelectableTextIdx: r.TextIdx}
}

// reminderParams are the showcase name and reminder identifier of the
// path; keys that could not exist answer 404 at once.
func reminderParams(c *gin.Context) (showcase, identifier string, ok bool) {
	if showcase, ok = showcaseParam(c, "name"); !ok {
		return "", "", false
	}
	if identifier, ok = gateway.ValidIdentifier(c.Param("identifier")); !ok {
		fault.Abort(c, fault.NotFound("reminder"))
		return "", "", false
	}
	return showcase, identifier, true
}
