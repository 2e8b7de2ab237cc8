package gateway

import (
	"strconv"

	"github.com/gin-gonic/gin"

	"openbank/handlers/fault"
	"openbank/store"
)

// consentJSON is the Consent of the API.
type consentJSON struct {
	Identifier   int32  `json:"identifier"`
	Showcase     string `json:"showcase"`
	Username     string `json:"username"`
	ConsentLevel string `json:"consentLevel"`
}

func consentView(c store.Consent) consentJSON {
	return consentJSON{Identifier: c.Identifier, Showcase: c.Showcase, Username: c.Username, ConsentLevel: c.Level}
}

// consentParams are the identifier and showcase of the path.
func consentParams(c *gin.Context) (int32, string, bool) {
	id, err := strconv.ParseInt(c.Param("identifier"), 10, 32)
	if err != nil {
		fault.Abort(c, fault.Validation("identifier", "must be a whole number from -2147483648 to 2147483647"))
		return 0, "", false
	}
	name, ok := showcaseParam(c, "showcase")
	if !ok {
		return 0, "", false
	}
	return int32(id), name, true
}
