package oauth

import (
	"context"
	"slices"
)

// Products a client may be granted (the specifications' "additional
// permission granted by the provider").
const (
	ProductGateway     = "gateway"
	ProductAggregation = "aggregation"
	ProductWidget      = "widget"
	ProductCallbacks   = "callbacks"
	ProductInsight     = "insight"
	ProductPDF         = "pdf"
	ProductUpload      = "upload"
)

// Principal is who a verified access token speaks for.
type Principal struct {
	ClientID string
	// Subject is the username, or "client:<client_id>" for a token from the
	// client-credentials grant.
	Subject  string
	Username string // empty for client-credentials tokens
	UserID   string // the account's immutable id; empty for client-credentials tokens
	Products []string
	TokenID  string // the token's jti
	// Environment is the client's, "test" or "production".
	Environment string
}

// Has reports whether the client was granted product.
func (p Principal) Has(product string) bool { return slices.Contains(p.Products, product) }

type principalKey struct{}

// NewContext returns ctx carrying p.
func NewContext(ctx context.Context, p Principal) context.Context {
	return &principalContext{Context: ctx, p: p}
}

// FromContext returns the principal of an authenticated request.
func FromContext(ctx context.Context) (Principal, bool) {
	if c, ok := ctx.Value(principalKey{}).(*principalContext); ok {
		return c.p, true
	}
	return Principal{}, false
}

// principalContext is a context carrying a principal: one allocation per
// authenticated request, where context.WithValue makes two (the context,
// and the principal put in an interface).
type principalContext struct {
	context.Context
	p Principal
}

// Value answers the principal's key with the context itself, which
// FromContext reads the principal from; every other key goes to the
// parent.
func (c *principalContext) Value(k any) any {
	if k == (principalKey{}) {
		return c
	}
	return c.Context.Value(k)
}
