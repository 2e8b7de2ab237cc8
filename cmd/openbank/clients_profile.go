package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strconv"

	"openbank/oauth"
	"openbank/store"
)

// profileFlags are the flags of a client's security profile, shared by
// client create and client update; a flag not given leaves its setting
// as it is.
type profileFlags struct {
	profile, authMethod, jwksFile, jwksURI, tlsSubject optionalString
	requirePAR, requireDPoP                            optionalString
}

// authClientSecret names the client-secret authentication on the command line.
const authClientSecret = "client_secret"

func addProfileFlags(fs *flag.FlagSet) *profileFlags {
	f := &profileFlags{}
	set := func(v *optionalString) func(string) error {
		return func(s string) error { v.value, v.set = s, true; return nil }
	}
	fs.Func("profile", "security profile: fapi2 (FAPI 2.0 Security Profile) or none", set(&f.profile))
	fs.Func("auth-method", "client authentication: client_secret, private_key_jwt or tls_client_auth", set(&f.authMethod))
	fs.Func("jwks-file", "file with the client's public keys (a JWK Set) for private_key_jwt", set(&f.jwksFile))
	fs.Func("jwks-uri", "URL of the client's public keys (a JWK Set), fetched through the egress policy; empty: none", set(&f.jwksURI))
	fs.Func("tls-subject", "tls_client_auth: the subject DN of the client's certificate", set(&f.tlsSubject))
	fs.BoolFunc("require-par", "the client must push its authorization requests (PAR); =false lifts it", set(&f.requirePAR))
	fs.BoolFunc("require-dpop", "every token of the client must be DPoP-bound; =false lifts it", set(&f.requireDPoP))
	return f
}

// given reports whether any security flag was given.
func (f *profileFlags) given() bool {
	for _, v := range []optionalString{f.profile, f.authMethod, f.jwksFile, f.jwksURI, f.tlsSubject, f.requirePAR, f.requireDPoP} {
		if v.set {
			return true
		}
	}
	return false
}

// apply changes cs as the flags say.
func (f *profileFlags) apply(cs *store.ClientSecurity) error {
	if f.profile.set {
		cs.Profile = f.profile.value
		if cs.Profile == "none" {
			cs.Profile = ""
		}
	}
	if f.authMethod.set {
		cs.AuthMethod = f.authMethod.value
		if cs.AuthMethod == authClientSecret {
			cs.AuthMethod = ""
		}
	}
	if f.jwksFile.set {
		raw, err := os.ReadFile(f.jwksFile.value)
		if err != nil {
			return fmt.Errorf("--jwks-file: %w", err)
		}
		cs.JWKS, cs.JWKSURI = string(raw), ""
	}
	if f.jwksURI.set {
		cs.JWKSURI = f.jwksURI.value
		if cs.JWKSURI != "" {
			cs.JWKS = ""
		}
	}
	if f.tlsSubject.set {
		cs.TLSSubject = f.tlsSubject.value
	}
	for _, b := range []struct {
		v   optionalString
		dst *bool
	}{{f.requirePAR, &cs.RequirePAR}, {f.requireDPoP, &cs.RequireDPoP}} {
		if b.v.set {
			on, err := strconv.ParseBool(b.v.value)
			if err != nil {
				return fmt.Errorf("a --require-… flag takes true or false: %w", err)
			}
			*b.dst = on
		}
	}
	return nil
}

// saveProfile changes a client's security profile as the flags say and
// writes the change to the audit log.
func saveProfile(ctx context.Context, registry *oauth.Registry, clientID string, f *profileFlags) (store.ClientSecurity, error) {
	cs, err := registry.Security(ctx, clientID)
	if err != nil {
		return cs, err
	}
	before := cs
	if err := f.apply(&cs); err != nil {
		return cs, err
	}
	if err := registry.SetSecurity(ctx, cs); err != nil {
		return cs, err
	}
	return cs, recordChange(ctx, registry.Store, "client.auth-profile", "client/"+clientID,
		viewWithProfile(clientView{}, before).Security, viewWithProfile(clientView{}, cs).Security)
}

// profileView is how commands print a client's security profile.
type profileView struct {
	Profile     string `json:"profile"`
	AuthMethod  string `json:"auth_method"`
	RequirePAR  bool   `json:"require_pushed_authorization_requests"`
	RequireDPoP bool   `json:"dpop_bound_access_tokens"`
	JWKS        bool   `json:"jwks"`
	JWKSURI     string `json:"jwks_uri"`
	TLSSubject  string `json:"tls_client_auth_subject_dn"`
}

// withProfile is a client as printed with its security profile.
type withProfile struct {
	clientView
	Security profileView `json:"auth_profile"`
}

func viewWithProfile(v clientView, cs store.ClientSecurity) withProfile {
	method := cs.AuthMethod
	if method == "" {
		method = authClientSecret
	}
	return withProfile{clientView: v, Security: profileView{Profile: cs.Profile, AuthMethod: method,
		RequirePAR: cs.RequirePAR || cs.Profile == oauth.ProfileFAPI2, RequireDPoP: cs.RequireDPoP || cs.Profile == oauth.ProfileFAPI2,
		JWKS: cs.JWKS != "", JWKSURI: cs.JWKSURI, TLSSubject: cs.TLSSubject}}
}
