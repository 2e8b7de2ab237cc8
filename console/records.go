package console

import (
	"time"

	"openbank/store"
)

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
	PrivacyURL      string   `json:"privacyUrl,omitempty"`
	Environment     string   `json:"environment,omitempty"`
	// The client's own aggregation quotas; 0 (left out): the server's default.
	MaxSubjectConnections int    `json:"maxConnectionsPerSubject,omitempty"`
	MaxSubjectWidgets     int    `json:"maxOpenWidgetsPerSubject,omitempty"`
	MaxConnections        int    `json:"maxConnections,omitempty"`
	DefaultLocale         string `json:"defaultLocale,omitempty"`
}

// ClientOf is the audit record of c.
func ClientOf(c store.Client) ClientRecord {
	return ClientRecord{ClientID: c.ClientID, Name: c.Name, Public: c.SecretDigest == nil, Grants: c.Grants,
		RedirectURIs: c.RedirectURIs, ReturnOrigins: c.ReturnOrigins, Products: c.Products,
		CallbackSuccess: c.CallbackSuccess, CallbackFailure: c.CallbackFailure, HMAC: c.CallbackHMAC != nil,
		ExpiryNotice: c.ExpiryNotice, PrivacyURL: c.PrivacyURL, Environment: c.Environment,
		MaxSubjectConnections: c.MaxSubjectConnections,
		MaxSubjectWidgets:     c.MaxSubjectWidgets, MaxConnections: c.MaxConnections, DefaultLocale: c.DefaultLocale}
}

// UserRecord is a user as the audit log keeps it (never the password).
type UserRecord struct {
	Username string `json:"username"`
	Admin    bool   `json:"admin"`
}

// UserOf is the audit record of u.
func UserOf(u store.User) UserRecord { return UserRecord{Username: u.Username, Admin: u.Admin} }

// ShowcaseRecord is a showcase as the audit log keeps it.
type ShowcaseRecord struct {
	Name      string    `json:"name"`
	Owner     string    `json:"owner"`
	ValidFrom time.Time `json:"validFrom"`
	ValidTo   time.Time `json:"validTo"`
}

// ShowcaseOf is the audit record of s.
func ShowcaseOf(s store.Showcase) ShowcaseRecord {
	return ShowcaseRecord{Name: s.Name, Owner: s.Owner, ValidFrom: s.ValidFrom, ValidTo: s.ValidTo}
}

// ConsentRecord is a consent as the audit log keeps it.
type ConsentRecord struct {
	Identifier int32  `json:"identifier"`
	Showcase   string `json:"showcase"`
	Username   string `json:"username"`
	Level      string `json:"consentLevel"`
}

// ConsentOf is the audit record of c.
func ConsentOf(c store.Consent) ConsentRecord {
	return ConsentRecord{Identifier: c.Identifier, Showcase: c.Showcase, Username: c.Username, Level: c.Level}
}

// RotationRecord is a secret rotation as the audit log keeps it (never the
// secret): how long the old secret stays valid, and until when.
type RotationRecord struct {
	OldSecretGrace string     `json:"oldSecretGrace"` // e.g. "24h0m0s"; "0s": stopped at once
	OldSecretUntil *time.Time `json:"oldSecretValidUntil,omitempty"`
}

// RotationOf is the audit record of a rotation keeping the old secret for
// grace, until keepUntil.
func RotationOf(grace time.Duration, keepUntil time.Time) RotationRecord {
	r := RotationRecord{OldSecretGrace: grace.String()}
	if grace > 0 {
		t := keepUntil.UTC()
		r.OldSecretUntil = &t
	}
	return r
}

// SessionRecord is a sign-in event as the audit log keeps it.
type SessionRecord struct {
	Address string `json:"address"`
	Issuer  string `json:"issuer"`
}
