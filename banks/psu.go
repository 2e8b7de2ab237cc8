package banks

import "context"

// PSU is what a bank may be told about the subject (the payment service
// user) while the subject is present, for its fraud checks and its count
// of unattended accesses.
type PSU struct {
	IPAddress      string
	IPPort         string
	UserAgent      string
	Accept         string
	AcceptLanguage string
}

type psuKey struct{}

// WithPSU returns ctx carrying the present subject's details.
func WithPSU(ctx context.Context, p PSU) context.Context {
	return context.WithValue(ctx, psuKey{}, p)
}

// PSUOf returns the subject's details when the subject is present.
func PSUOf(ctx context.Context) (PSU, bool) {
	p, ok := ctx.Value(psuKey{}).(PSU)
	return p, ok && p.IPAddress != ""
}

// Revoker is a provider that can end a consent at the bank, for a
// connection that is deleted.
type Revoker interface {
	Revoke(ctx context.Context, c Consent) error
}

// Returner is a provider whose subjects authenticate on the bank's own
// page: the bank sends them back, and CompleteSCA then asks the bank for
// the consent's status (credentials are not used).
type Returner interface {
	ReturnsToTPP() bool
}
