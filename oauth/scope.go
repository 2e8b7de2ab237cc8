package oauth

import (
	"slices"
	"strings"
)

// Scopes the server knows: every token has "default"; "openid" adds an ID
// token and access to userinfo.
const (
	ScopeDefault = "default"
	ScopeOpenID  = "openid"
)

// grantedScope answers a requested scope: "default", plus "openid" when
// asked. An unknown scope is invalid_scope.
func grantedScope(requested string) (string, *Error) {
	openid := false
	for _, s := range strings.Fields(requested) {
		switch s {
		case ScopeDefault:
		case ScopeOpenID:
			openid = true
		default:
			return "", Errorf(ErrInvalidScope, "scope %q is not offered; use %q, optionally with %q", s, ScopeDefault, ScopeOpenID)
		}
	}
	if openid {
		return ScopeOpenID + " " + ScopeDefault, nil
	}
	return ScopeDefault, nil
}

// narrowedScope answers a refresh's scope: at most what the grant has.
func narrowedScope(requested, granted string) (string, *Error) {
	if requested == "" {
		return granted, nil
	}
	want, err := grantedScope(requested)
	if err != nil {
		return "", err
	}
	for _, s := range strings.Fields(want) {
		if !hasScope(granted, s) {
			return "", Errorf(ErrInvalidScope, "scope %q exceeds what the grant has (%q)", s, granted)
		}
	}
	return want, nil
}

func hasScope(scope, s string) bool { return slices.Contains(strings.Fields(scope), s) }
