package oauth

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net/url"
	"slices"

	"openbank/i18n"
	"openbank/store"
)

// ClientSpec is what an operator registers a client with.
type ClientSpec struct {
	ClientID        string // empty: generated
	Secret          string // empty: generated; ignored for a public client
	Public          bool
	Name            string
	Grants          []string
	RedirectURIs    []string
	ReturnOrigins   []string
	CallbackSuccess string
	CallbackFailure string
	Products        []string           // added to DefaultProducts
	PrivacyURL      string             // the client's privacy or support page; "" when none
	Quotas          store.ClientQuotas // the client's own aggregation quotas; 0: the server's
	Environment     string             // EnvironmentTest or EnvironmentProduction; "": test
	DefaultLocale   string             // BCP 47: the language of its subjects' pages when nothing else names one; "" for none
}

// CreateClient registers a client and returns it with its secret, which is
// stored only as a digest and must be shown to the operator now.
func (r *Registry) CreateClient(ctx context.Context, spec ClientSpec) (store.Client, string, error) {
	c := store.Client{ClientID: spec.ClientID, Name: spec.Name, Grants: spec.Grants, RedirectURIs: spec.RedirectURIs,
		ReturnOrigins: spec.ReturnOrigins, CallbackSuccess: spec.CallbackSuccess, CallbackFailure: spec.CallbackFailure,
		Products: mergeProducts(DefaultProducts, spec.Products), PrivacyURL: spec.PrivacyURL,
		Environment: cmp.Or(spec.Environment, EnvironmentTest), ClientQuotas: spec.Quotas, DefaultLocale: spec.DefaultLocale}
	if c.ClientID == "" {
		c.ClientID = NewSecret(12)
	}
	secret := spec.Secret
	if spec.Public {
		secret = ""
	} else if secret == "" {
		secret = NewSecret(32)
	}
	if secret != "" {
		c.SecretDigest = Digest(secret)
	}
	if err := ValidateClient(c); err != nil {
		return c, "", err
	}
	return c, secret, r.Store.CreateClient(ctx, c)
}

// ValidateClient checks a client's settings, naming the first problem.
func ValidateClient(c store.Client) error {
	var errs []error
	if c.Name == "" {
		errs = append(errs, errors.New("name is required"))
	}
	for _, g := range c.Grants {
		if !slices.Contains(GrantTypes, g) {
			errs = append(errs, fmt.Errorf("grant %q is not one of %v", g, GrantTypes))
		}
	}
	for _, p := range c.Products {
		if !slices.Contains(Products, p) {
			errs = append(errs, fmt.Errorf("product %q is not one of %v", p, Products))
		}
	}
	if err := checkQuotas(c.ClientQuotas); err != nil {
		errs = append(errs, err)
	}
	for _, u := range c.RedirectURIs {
		if p, err := url.Parse(u); err != nil || !p.IsAbs() || p.Host == "" || p.Fragment != "" {
			errs = append(errs, fmt.Errorf("redirect URI %q must be absolute, without a fragment", u))
		}
	}
	for _, o := range c.ReturnOrigins {
		if p, err := url.Parse(o); err != nil || (p.Scheme != "http" && p.Scheme != "https") || p.Host == "" || p.Path != "" || p.RawQuery != "" {
			errs = append(errs, fmt.Errorf("return origin %q must be scheme://host[:port]", o))
		}
	}
	for _, u := range []string{c.CallbackSuccess, c.CallbackFailure} {
		if p, err := url.Parse(u); u != "" && (err != nil || (p.Scheme != "http" && p.Scheme != "https") || p.Host == "") {
			errs = append(errs, fmt.Errorf("callback URL %q must be an absolute http(s) URL", u))
		}
	}
	if p, err := url.Parse(c.PrivacyURL); c.PrivacyURL != "" && (err != nil || (p.Scheme != "http" && p.Scheme != "https") || p.Host == "") {
		errs = append(errs, fmt.Errorf("privacy URL %q must be an absolute http(s) URL", c.PrivacyURL))
	}
	if c.Environment != "" && !slices.Contains(Environments, c.Environment) {
		errs = append(errs, fmt.Errorf("environment %q is not one of %v", c.Environment, Environments))
	}
	if c.DefaultLocale != "" && !i18n.Valid(c.DefaultLocale) {
		errs = append(errs, fmt.Errorf("default language %q must be a BCP 47 tag, e.g. fr or de-CH", c.DefaultLocale))
	}
	if c.SecretDigest == nil && slices.Contains(c.Grants, GrantClientCredentials) {
		errs = append(errs, errors.New("a public client cannot use client_credentials"))
	}
	return errors.Join(errs...)
}

// DeleteClient removes a client and revokes, on every instance, the access
// tokens it holds.
func (r *Registry) DeleteClient(ctx context.Context, clientID string) error {
	return r.Store.InTx(ctx, func(tx *store.Tx) error { return r.DeleteClientIn(ctx, tx, clientID) })
}

// DeleteClientIn is DeleteClient inside tx, so that a caller deletes the
// client with other changes or not at all.
func (r *Registry) DeleteClientIn(ctx context.Context, tx *store.Tx, clientID string) error {
	if err := tx.DeleteClient(ctx, clientID); err != nil {
		return err
	}
	return tx.AddRevocation(ctx, revokedClient+clientID, r.revokedUntil())
}

// mergeProducts is base plus extra, without repeats.
func mergeProducts(base, extra []string) []string {
	out := slices.Clone(base)
	for _, p := range extra {
		if !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}
