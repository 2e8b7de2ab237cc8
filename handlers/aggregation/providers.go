package aggregation

import (
	"net/http"
	"regexp"
	"strings"

	"github.com/gin-gonic/gin"

	"openbank/handlers/caller"
	"openbank/handlers/fault"
)

// Provider is a bank a subject can connect.
type Provider struct {
	Code        string `json:"code"`
	Name        string `json:"name"`
	Country     string `json:"country"`
	SCA         string `json:"sca"`
	OneTimeCode bool   `json:"oneTimeCode"`
	LogoSVG     string `json:"logoSvg"`
}

var countryCode = regexp.MustCompile(`^[A-Za-z]{2}$`)

// Providers lists the banks of the countries in countryCodes (an extension:
// connecting without the widget needs the provider codes).
func (h *Handler) Providers(c *gin.Context) {
	who, ok := caller.Of(c)
	if !ok {
		return
	}
	raw := c.QueryArray("countryCodes")
	if len(raw) == 0 {
		fault.Abort(c, fault.Validation("countryCodes", "is required, e.g. countryCodes=XF for the mock banks"))
		return
	}
	out := make([]Provider, 0)
	for _, list := range raw {
		for _, code := range strings.Split(list, ",") {
			if !countryCode.MatchString(code) {
				fault.Abort(c, fault.Validation("countryCodes", "must be two-letter country codes"))
				return
			}
			list, err := h.Service.ProvidersOf(c.Request.Context(), who.ClientID, code)
			if err != nil {
				fault.Abort(c, err)
				return
			}
			for _, p := range list {
				i := p.Info()
				out = append(out, Provider{Code: i.Code, Name: i.Name, Country: i.Country, SCA: string(i.SCA),
					OneTimeCode: i.OneTimeCode, LogoSVG: i.LogoSVG})
			}
		}
	}
	c.JSON(http.StatusOK, gin.H{"providers": out})
}
