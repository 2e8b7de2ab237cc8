package oauth

import (
	"encoding/base64"
	"errors"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strings"

	"openbank/oauth"
)

// ParseClientRequest reads a form-encoded, client-authenticated request
// (token, revocation, introspection): a body of at most oauth.MaxFormBytes
// (413 beyond), every parameter at most once, in the body only, without
// control characters, and the client's credentials from HTTP Basic
// (URL-decoded per RFC 6749 §2.3.1) or from the body, never both.
func ParseClientRequest(w http.ResponseWriter, r *http.Request) (url.Values, oauth.Credentials, *oauth.Error) {
	var cr oauth.Credentials
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "application/x-www-form-urlencoded" {
		return nil, cr, oauth.Errorf(oauth.ErrInvalidRequest, "the body must be application/x-www-form-urlencoded")
	}
	if r.URL.RawQuery != "" {
		return nil, cr, oauth.Errorf(oauth.ErrInvalidRequest, "parameters belong in the body, not the query string")
	}
	form, oerr := readForm(w, r)
	if oerr != nil {
		return nil, cr, oerr
	}
	for name, values := range form {
		if len(values) > 1 {
			return nil, cr, oauth.Errorf(oauth.ErrInvalidRequest, "parameter %q is repeated", name)
		}
	}
	cr, oerr = credentials(r.Header.Get("Authorization"), form)
	return form, cr, oerr
}

// readForm reads a form body of at most oauth.MaxFormBytes. A body
// announced or found larger is 413 before anything else is read, so that a
// client waiting for 100 Continue gets its answer at once.
func readForm(w http.ResponseWriter, r *http.Request) (url.Values, *oauth.Error) {
	if r.ContentLength > oauth.MaxFormBytes {
		return nil, oauth.TooLarge()
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, oauth.MaxFormBytes))
	if tooBig := (*http.MaxBytesError)(nil); errors.As(err, &tooBig) {
		return nil, oauth.TooLarge()
	}
	if err != nil {
		return nil, oauth.Errorf(oauth.ErrInvalidRequest, "the body could not be read")
	}
	form, err := url.ParseQuery(string(body))
	if err != nil {
		return nil, oauth.Errorf(oauth.ErrInvalidRequest, "the body is not a valid form")
	}
	return form, oauth.CheckParameters(form)
}

// credentials takes the client's credentials from the Authorization header
// or the form.
func credentials(header string, form url.Values) (oauth.Credentials, *oauth.Error) {
	_, inBody := form["client_secret"]
	if form.Has("client_assertion") || form.Has("client_assertion_type") {
		return assertionCredentials(header, form, inBody)
	}
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
	if !oauth.PlainText(id) || !oauth.PlainText(secret) {
		return oauth.Credentials{}, oauth.Errorf(oauth.ErrInvalidClient, "the Basic credentials contain a control character or are not UTF-8")
	}
	if inBody || (form.Has("client_id") && form.Get("client_id") != id) {
		return oauth.Credentials{}, oauth.Errorf(oauth.ErrInvalidRequest, "send client credentials either by HTTP Basic or in the body, not both")
	}
	return oauth.Credentials{ClientID: id, Secret: secret, HasSecret: secret != ""}, nil
}

// assertionCredentials takes a private_key_jwt client assertion (RFC 7523
// §2.2) from the form: alone, with no other credentials.
func assertionCredentials(header string, form url.Values, secretInBody bool) (oauth.Credentials, *oauth.Error) {
	switch {
	case header != "" || secretInBody:
		return oauth.Credentials{}, oauth.Errorf(oauth.ErrInvalidRequest, "send a client assertion or other credentials, not both")
	case form.Get("client_assertion_type") != oauth.ClientAssertionType:
		return oauth.Credentials{}, oauth.Errorf(oauth.ErrInvalidClient, "client_assertion_type must be %s", oauth.ClientAssertionType)
	case form.Get("client_assertion") == "":
		return oauth.Credentials{}, oauth.Errorf(oauth.ErrInvalidClient, "client_assertion is required with client_assertion_type")
	}
	return oauth.Credentials{ClientID: form.Get("client_id"), Assertion: form.Get("client_assertion")}, nil
}
