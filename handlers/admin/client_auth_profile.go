package admin

import (
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"openbank/store"
	"openbank/views"
)

// authClientSecret names the client-secret authentication in the form.
const authClientSecret = "client_secret"

// authProfileFormOf fills the security-profile form from a stored profile.
func authProfileFormOf(cs store.ClientSecurity, csrf string) views.AdminClientAuthProfile {
	method := cs.AuthMethod
	if method == "" {
		method = authClientSecret
	}
	return views.AdminClientAuthProfile{ClientID: cs.ClientID, CSRF: csrf, Profile: cs.Profile, AuthMethod: method,
		JWKS: cs.JWKS, JWKSURI: cs.JWKSURI, TLSSubject: cs.TLSSubject, RequirePAR: cs.RequirePAR,
		RequireDPoP: cs.RequireDPoP}
}

// postedAuthProfile reads the posted security-profile form.
func postedAuthProfile(c *gin.Context, id string) store.ClientSecurity {
	cs := store.ClientSecurity{ClientID: id, Profile: c.PostForm("profile"), AuthMethod: c.PostForm("authMethod"),
		JWKS: strings.TrimSpace(c.PostForm("jwks")), JWKSURI: strings.TrimSpace(c.PostForm("jwksUri")),
		TLSSubject: strings.TrimSpace(c.PostForm("tlsSubject")), RequirePAR: c.PostForm("requirePar") == "1",
		RequireDPoP: c.PostForm("requireDpop") == "1"}
	if cs.AuthMethod == authClientSecret {
		cs.AuthMethod = ""
	}
	return cs
}

// ClientAuthProfile is POST /admin/clients/:id/auth-profile: the client's
// security profile through the registry, which checks it against the
// client and tells every instance at once.
func (h *Handler) ClientAuthProfile(c *gin.Context) {
	ctx, id := c.Request.Context(), c.Param("id")
	page, ok := h.clientForm(c, id)
	if !ok {
		return
	}
	before, err := h.registry.Security(ctx, id)
	if err != nil {
		h.fail(c, err)
		return
	}
	cs := postedAuthProfile(c, id)
	if err := h.registry.SetSecurity(ctx, cs); err != nil && !store.Unavailable(err) {
		page.AuthProfile = authProfileFormOf(cs, page.CSRF)
		page.AuthProfile.Problem = err.Error()
		h.render(c, http.StatusBadRequest, views.AdminClientPage(page))
		return
	} else if err != nil {
		h.fail(c, err)
		return
	}
	if err := h.record(c, "client.auth-profile", "client/"+id, authProfileChangeOf(before), authProfileChangeOf(cs)); err != nil {
		h.fail(c, err)
		return
	}
	h.done(c, "/admin/clients/"+id, "The OAuth security profile of "+id+" is saved.")
}

// authProfileChange is what the audit log keeps of a security profile: the
// settings, and whether there are keys, not the keys.
type authProfileChange struct {
	Profile     string `json:"profile"`
	AuthMethod  string `json:"authMethod"`
	JWKS        bool   `json:"jwks"`
	JWKSURI     string `json:"jwksUri"`
	TLSSubject  string `json:"tlsSubject"`
	RequirePAR  bool   `json:"requirePar"`
	RequireDPoP bool   `json:"requireDpop"`
}

func authProfileChangeOf(cs store.ClientSecurity) authProfileChange {
	return authProfileChange{Profile: cs.Profile, AuthMethod: cs.AuthMethod, JWKS: cs.JWKS != "", JWKSURI: cs.JWKSURI,
		TLSSubject: cs.TLSSubject, RequirePAR: cs.RequirePAR, RequireDPoP: cs.RequireDPoP}
}
