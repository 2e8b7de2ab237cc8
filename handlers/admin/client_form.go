package admin

import (
	"slices"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"openbank/handlers/page"
	"openbank/oauth"
	"openbank/store"
	"openbank/views"
)

// clientFormOf fills the client form from a stored client.
func clientFormOf(p views.AdminPage, cl store.Client) views.AdminClientForm {
	return views.AdminClientForm{AdminPage: p, ClientID: cl.ClientID, Name: cl.Name, Public: cl.SecretDigest == nil,
		Grants: choices(oauth.GrantTypes, cl.Grants), Products: choices(oauth.Products, cl.Products),
		RedirectURIs: strings.Join(cl.RedirectURIs, "\n"), ReturnOrigins: strings.Join(cl.ReturnOrigins, "\n"),
		CallbackSuccess: cl.CallbackSuccess, CallbackFailure: cl.CallbackFailure, HasHMAC: cl.CallbackHMAC != nil,
		ExpiryNotice: strconv.Itoa(cl.ExpiryNotice), PrivacyURL: cl.PrivacyURL, Environment: cl.Environment,
		MaxSubjectConnections: strconv.Itoa(cl.MaxSubjectConnections), MaxSubjectWidgets: strconv.Itoa(cl.MaxSubjectWidgets),
		MaxConnections: strconv.Itoa(cl.MaxConnections), DefaultLocale: cl.DefaultLocale}
}

// postedClientForm reads the posted form back into the form's view model.
func postedClientForm(c *gin.Context, p views.AdminPage) views.AdminClientForm {
	return views.AdminClientForm{AdminPage: p, ClientID: strings.TrimSpace(c.PostForm("clientId")),
		Name: strings.TrimSpace(c.PostForm("name")), Public: c.PostForm("public") == "1",
		Grants: choices(oauth.GrantTypes, c.PostFormArray("grant")), Products: choices(oauth.Products, c.PostFormArray("product")),
		RedirectURIs: c.PostForm("redirectUris"), ReturnOrigins: c.PostForm("returnOrigins"),
		CallbackSuccess: strings.TrimSpace(c.PostForm("callbackSuccess")), CallbackFailure: strings.TrimSpace(c.PostForm("callbackFailure")),
		ExpiryNotice: strings.TrimSpace(c.PostForm("expiryNotice")), PrivacyURL: strings.TrimSpace(c.PostForm("privacyUrl")),
		Environment:           strings.TrimSpace(c.PostForm("environment")),
		MaxSubjectConnections: strings.TrimSpace(c.PostForm("maxSubjectConnections")),
		MaxSubjectWidgets:     strings.TrimSpace(c.PostForm("maxSubjectWidgets")),
		MaxConnections:        strings.TrimSpace(c.PostForm("maxConnections")), DefaultLocale: strings.TrimSpace(c.PostForm("defaultLocale"))}
}

// applyClientForm copies the form's settings onto cl; the domain's
// ValidateClient judges the result.
func applyClientForm(f views.AdminClientForm, cl *store.Client) {
	cl.Name, cl.CallbackSuccess, cl.CallbackFailure, cl.PrivacyURL = f.Name, f.CallbackSuccess, f.CallbackFailure, f.PrivacyURL
	cl.DefaultLocale = f.DefaultLocale
	cl.Grants, cl.Products = checked(f.Grants), checked(f.Products)
	cl.RedirectURIs, cl.ReturnOrigins = page.Lines(f.RedirectURIs), page.Lines(f.ReturnOrigins)
	cl.ExpiryNotice, _ = strconv.Atoi(f.ExpiryNotice) // empty or malformed: no notice
	if f.Environment != "" {
		cl.Environment = f.Environment
	}
	cl.MaxSubjectConnections, cl.MaxSubjectWidgets, cl.MaxConnections =
		quota(f.MaxSubjectConnections), quota(f.MaxSubjectWidgets), quota(f.MaxConnections)
}

// quota reads a quota field: empty is 0 (the server's default); text that
// is not a number is -1, which the registry's validation refuses.
func quota(v string) int {
	if v == "" {
		return 0
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return -1
	}
	return n
}

func choices(all, on []string) []views.AdminChoice {
	out := make([]views.AdminChoice, 0, len(all))
	for _, v := range all {
		out = append(out, views.AdminChoice{Value: v, Checked: slices.Contains(on, v)})
	}
	return out
}

func checked(cs []views.AdminChoice) []string {
	out := make([]string, 0, len(cs))
	for _, c := range cs {
		if c.Checked {
			out = append(out, c.Value)
		}
	}
	return out
}
