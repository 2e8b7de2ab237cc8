package oauth

import (
	"encoding/base64"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strings"

	"openbank/oauth"
)

// maxFormBytes bounds the body of the form-encoded endpoints.
const maxFormBytes = 64 << 10

// ParseClientRequest reads a form-encoded, client-authenticated request
// (token, revocation, introspection): every parameter at most once, in the
// body only, and the client's credentials from HTTP Basic (URL-decoded per
// RFC 6749 §2.3.1) or from the body, never both.
func ParseClientRequest(r *http.Request) (url.Values, oauth.Credentials, *oauth.Error) {
	var cr oauth.Credentials
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "application/x-www-form-urlencoded" {
		return nil, cr, oauth.Errorf(oauth.ErrInvalidRequest, "the body must be application/x-www-form-urlencoded")
	}
	if r.URL.RawQuery != "" {
		return nil, cr, oauth.Errorf(oauth.ErrInvalidRequest, "parameters belong in the body, not the query string")
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, maxFormBytes+1))
	if err != nil || len(body) > maxFormBytes {
		return nil, cr, oauth.Errorf(oauth.ErrInvalidRequest, "the body is unreadable or larger than 64 KiB")
	}
	form, err := url.ParseQuery(string(body))
	if err != nil {
		return nil, cr, oauth.Errorf(oauth.ErrInvalidRequest, "the body is not a valid form")
	}
	for name, values := range form {
		if len(values) > 1 {
			return nil, cr, oauth.Errorf(oauth.ErrInvalidRequest, "parameter %q is repeated", name)
		}
	}
	cr, oerr := credentials(r.Header.Get("Authorization"), form)
	return form, cr, oerr
}

// credentials takes the client's credentials from the Authorization header
// or the form.
func credentials(header string, form url.Values) (oauth.Credentials, *oauth.Error) {
	_, inBody := form["client_secret"]
	if header == "" {
		secret := form.Get("client_secret")
		return oauth.Credentials{ClientID: form.Get("client_id"), Secret: secret, HasSecret: secret != ""}, nil
	}
	scheme, encoded, _ := strings.Cut(header, " ")
	if !strings.EqualFold(scheme, "Basic") {
		return oauth.Credentials{}, oauth.Errorf(oauth.ErrInvalidClient, "client authentication must use HTTP Basic")
	}
	raw, err := base64.StdEncoding.DecodeString(strings.TrimSpace(encoded))
	id, secret, ok := strings.Cut(string(raw), ":")
	if err != nil || !ok {
		return oauth.Credentials{}, oauth.Errorf(oauth.ErrInvalidClient, "the Basic credentials are malformed")
	}
	id, err1 := url.QueryUnescape(id)
	secret, err2 := url.QueryUnescape(secret)
	if err1 != nil || err2 != nil || id == "" {
		return oauth.Credentials{}, oauth.Errorf(oauth.ErrInvalidClient, "the Basic credentials are not properly URL-encoded")
	}
	if inBody || (form.Has("client_id") && form.Get("client_id") != id) {
		return oauth.Credentials{}, oauth.Errorf(oauth.ErrInvalidRequest, "send client credentials either by HTTP Basic or in the body, not both")
	}
	return oauth.Credentials{ClientID: id, Secret: secret, HasSecret: secret != ""}, nil
}
