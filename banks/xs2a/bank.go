package xs2a

import (
	"openbank/banks"
)

// Bank is one bank of the operator's directory.
type Bank struct {
	Code     string `json:"code" yaml:"code"`
	Name     string `json:"name" yaml:"name"`
	Country  string `json:"country" yaml:"country"` // ISO 3166 alpha-2; XF for the sandbox
	BIC      string `json:"bic" yaml:"bic"`
	Logo     string `json:"logo" yaml:"logo"` // an SVG document; empty: the bank's initials
	BaseURL  string `json:"baseUrl" yaml:"baseUrl"`
	Standard string `json:"standard" yaml:"standard"` // "berlin-group"
	Version  string `json:"version" yaml:"version"`   // "1.3", "1.3.8", "1.3.11", …
	// SCAApproaches the bank offers, in the order to prefer: "redirect",
	// "embedded", "decoupled"; the connector drives the first it knows.
	SCAApproaches []string `json:"scaApproaches" yaml:"scaApproaches"`
	// Certificate and Key are PEM files: the operator's eIDAS QWAC, shown
	// to the bank in the TLS handshake.
	Certificate string `json:"certificate" yaml:"certificate"`
	Key         string `json:"key" yaml:"key"`
	// CA is a PEM file of the roots that sign the bank's server
	// certificate; empty: the system's roots.
	CA string `json:"ca" yaml:"ca"`
	// SigningCertificate and SigningKey are PEM files (a QSealC) for HTTP
	// message signatures; needed when Quirks.SignRequests.
	SigningCertificate string            `json:"signingCertificate" yaml:"signingCertificate"`
	SigningKey         string            `json:"signingKey" yaml:"signingKey"`
	Quirks             Quirks            `json:"quirks" yaml:"quirks"`
	Environment        banks.Environment `json:"environment" yaml:"environment"` // empty: production
	// AppURL is the absolute address of the bank's app where a subject
	// approves in the decoupled approach, when it has one on the web (the
	// sandbox's app page); optional.
	AppURL string `json:"appUrl,omitempty" yaml:"appUrl"`
}

// Quirks are the ways a bank departs from, or chooses within, the standard.
type Quirks struct {
	// SignRequests: every request carries Digest, Signature and
	// TPP-Signature-Certificate.
	SignRequests bool `json:"signRequests" yaml:"signRequests"`
	// OrderedTransactionIDs: the bank's transactionIds grow within an
	// account, so they are used as they are; otherwise the connector
	// prefixes them with their date. With ordered ids, a booked entry
	// whose entryReference is another entry's transactionId replaces
	// that pending entry.
	OrderedTransactionIDs bool `json:"orderedTransactionIds" yaml:"orderedTransactionIds"`
	// SeedAsPSUID sends the connection's data seed as PSU-ID when asking
	// for a consent: the Openbank sandbox generates its data from it.
	SeedAsPSUID bool `json:"seedAsPsuId" yaml:"seedAsPsuId"`
	// HistoryDays is how far back the fetch right after SCA reads; 0: 730.
	// Later fetches read the last 89 days (PSD2's limit without SCA).
	HistoryDays int `json:"historyDays" yaml:"historyDays"`
	// FrequencyPerDay is the unattended accesses asked for; 0 (and
	// anything above): 4, PSD2's limit.
	FrequencyPerDay int `json:"frequencyPerDay" yaml:"frequencyPerDay"`
}

// info describes the bank for the registry.
func (b *Bank) info() banks.Info {
	env := b.Environment
	if env == "" {
		env = banks.Production
	}
	info := banks.Info{Code: b.Code, Name: b.Name, Country: b.Country, LogoSVG: b.Logo,
		SCA: banks.SCARedirect, Environment: env}
	switch b.approach() {
	case Embedded:
		info.SCA, info.OneTimeCode = banks.SCAEmbedded, true
	case Decoupled:
		info.SCA, info.Decoupled, info.AppURL = banks.SCAEmbedded, true, b.AppURL
	}
	return info
}

// The SCA approaches of the standard the connector drives.
const (
	Redirect  = "redirect"  // on the bank's own page
	Embedded  = "embedded"  // the subject's credentials and code pass through Openbank
	Decoupled = "decoupled" // the subject approves in the bank's app
)

// approach is the SCA approach the connector drives with the bank: the
// first of the entry's it knows (redirect when the entry names none); ""
// when it knows none of them.
func (b *Bank) approach() string {
	for _, a := range b.SCAApproaches {
		if a == Redirect || a == Embedded || a == Decoupled {
			return a
		}
	}
	if len(b.SCAApproaches) == 0 {
		return Redirect
	}
	return ""
}
