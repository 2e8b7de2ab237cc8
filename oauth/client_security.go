package oauth

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"slices"

	"openbank/store"
)

// SetSecurity gives a client its security profile (store.ClientSecurity)
// after checking it against the client's settings, and tells every
// instance to drop what it cached of the client.
func (r *Registry) SetSecurity(ctx context.Context, cs store.ClientSecurity) error {
	return r.Store.InTx(ctx, func(tx *store.Tx) error {
		c, err := tx.LockClient(ctx, cs.ClientID)
		if err != nil {
			return err
		}
		if err := ValidateSecurity(c, cs); err != nil {
			return err
		}
		if err := tx.SaveClientSecurity(ctx, cs); err != nil {
			return err
		}
		return tx.AddRevocation(ctx, changedClient+cs.ClientID, r.now().Add(changeAnnounced))
	})
}

// validateWithSecurity checks a changed client against its security
// profile: a FAPI 2.0 client cannot be given the password grant or an
// http redirect URI.
func validateWithSecurity(ctx context.Context, tx *store.Tx, c store.Client) error {
	cs, err := tx.GetClientSecurity(ctx, c.ClientID)
	if err != nil {
		return err
	}
	return ValidateSecurity(c, cs)
}

// Security returns a client's security profile.
func (r *Registry) Security(ctx context.Context, clientID string) (store.ClientSecurity, error) {
	return r.Store.GetClientSecurity(ctx, clientID)
}

// ValidateSecurity checks a security profile against its client, naming
// every problem: the FAPI 2.0 profile needs a client authenticated without
// a shared secret, no password grant and exact https redirect URIs.
func ValidateSecurity(c store.Client, cs store.ClientSecurity) error {
	var errs []error
	if !slices.Contains([]string{"", ProfileFAPI2}, cs.Profile) {
		errs = append(errs, fmt.Errorf("profile %q is not one of %q", cs.Profile, []string{"", ProfileFAPI2}))
	}
	if !slices.Contains([]string{"", AuthPrivateKeyJWT, AuthTLSClient}, cs.AuthMethod) {
		errs = append(errs, fmt.Errorf("auth method %q is not one of %q", cs.AuthMethod, []string{"", AuthPrivateKeyJWT, AuthTLSClient}))
	}
	if cs.JWKSURI != "" {
		// https only, unless the egress policy allows local work: it is
		// checked again at each fetch.
		if u, err := url.Parse(cs.JWKSURI); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
			errs = append(errs, fmt.Errorf("jwks_uri %q must be an absolute https URL", cs.JWKSURI))
		}
	}
	if cs.JWKS != "" && cs.JWKSURI != "" {
		errs = append(errs, errors.New("give the keys either as a JWK Set or as a jwks_uri, not both"))
	}
	if cs.JWKS != "" {
		if _, err := ParseClientKeys([]byte(cs.JWKS)); err != nil {
			errs = append(errs, err)
		}
	}
	if cs.AuthMethod == AuthPrivateKeyJWT && cs.JWKS == "" && cs.JWKSURI == "" {
		errs = append(errs, errors.New("private_key_jwt needs the client's keys (a JWK Set or a jwks_uri)"))
	}
	if cs.Profile == ProfileFAPI2 {
		errs = append(errs, fapiProblems(c, cs)...)
	}
	return errors.Join(errs...)
}

// fapiProblems are what keeps a client from the FAPI 2.0 profile.
func fapiProblems(c store.Client, cs store.ClientSecurity) []error {
	var errs []error
	if cs.AuthMethod == "" {
		errs = append(errs, errors.New("the fapi2 profile needs private_key_jwt or tls_client_auth, not a client secret"))
	}
	if slices.Contains(c.Grants, GrantPassword) {
		errs = append(errs, errors.New("the fapi2 profile forbids the password grant"))
	}
	for _, u := range c.RedirectURIs {
		if p, err := url.Parse(u); err != nil || p.Scheme != "https" {
			errs = append(errs, fmt.Errorf("the fapi2 profile needs https redirect URIs; %q is not", u))
		}
	}
	return errs
}
