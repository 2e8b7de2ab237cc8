package web

import (
	"encoding/base64"
	"encoding/json"
	"maps"
	"slices"
	"strings"
	"testing"

	"openbank/oauth"
)

// TestAccessTokenClaims checks the claims a client_credentials access token
// carries on the wire, for a test and a production client: RFC 9068's, the
// grant, the products, and the environment only when it is production.
func TestAccessTokenClaims(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	base := []string{"aud", "client_id", "exp", "gid", "iat", "iss", "jti", "products", "scope", "sub"}
	for _, tt := range []struct {
		environment string
		keys        []string
	}{
		{oauth.EnvironmentTest, base},
		{oauth.EnvironmentProduction, append(slices.Clone(base), "environment")},
	} {
		t.Run(tt.environment, func(t *testing.T) {
			cl := in.client(t, oauth.ClientSpec{Environment: tt.environment})
			_, tok, _ := in.tokenCall(t, "/oauth2/token", cl, map[string][]string{"grant_type": {"client_credentials"}})
			access, _ := tok["access_token"].(string)
			parts := strings.Split(access, ".")
			if len(parts) != 3 {
				t.Fatalf("token %q", access)
			}
			payload, err := base64.RawURLEncoding.DecodeString(parts[1])
			if err != nil {
				t.Fatal(err)
			}
			var claims map[string]any
			if err := json.Unmarshal(payload, &claims); err != nil {
				t.Fatal(err)
			}
			if got := slices.Sorted(maps.Keys(claims)); !slices.Equal(got, slices.Sorted(slices.Values(tt.keys))) {
				t.Errorf("claims %v, want %v", got, tt.keys)
			}
			verified, oerr := in.OAuth().VerifyAccessToken(t.Context(), access)
			if oerr != nil || verified.Environment != tt.environment || verified.Principal().Environment != tt.environment {
				t.Errorf("verified %+v %v, want environment %s", verified, oerr, tt.environment)
			}
		})
	}
}
