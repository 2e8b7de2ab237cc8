package console

import "openbank/store"

// ClientRecord is a client as the audit log keeps it: every setting, and
// whether it has a secret and an HMAC key, never their values.
type ClientRecord struct {
	ClientID        string   `json:"clientId"`
	Name            string   `json:"name"`
	Public          bool     `json:"public"`
	Grants          []string `json:"grants"`
	RedirectURIs    []string `json:"redirectUris"`
	ReturnOrigins   []string `json:"returnOrigins"`
	Products        []string `json:"products"`
	CallbackSuccess string   `json:"callbackSuccess,omitempty"`
	CallbackFailure string   `json:"callbackFailure,omitempty"`
	HMAC            bool     `json:"hmacSecret"`
	ExpiryNotice    int      `json:"consentExpiryNoticeDays,omitempty"`
}

// ClientOf is the audit record of c.
func ClientOf(c store.Client) ClientRecord {
	return ClientRecord{ClientID: c.ClientID, Name: c.Name, Public: c.SecretDigest == nil, Grants: c.Grants,
		RedirectURIs: c.RedirectURIs, ReturnOrigins: c.ReturnOrigins, Products: c.Products,
		CallbackSuccess: c.CallbackSuccess, CallbackFailure: c.CallbackFailure, HMAC: c.CallbackHMAC != nil,
		ExpiryNotice: c.ExpiryNotice}
}

// UserRecord is a user as the audit log keeps it (never the password).
type UserRecord struct {
	Username string `json:"username"`
	Admin    bool   `json:"admin"`
}

// UserOf is the audit record of u.
func UserOf(u store.User) UserRecord { return UserRecord{Username: u.Username, Admin: u.Admin} }
