package oauth

import (
	"testing"
	"time"

	"openbank/store"
)

// Only a client with the profile wants bound tokens, and from a FAPI 2.0
// client only ES256 and PS256 proofs are taken.
func TestCheckBinding(t *testing.T) {
	fapi := Client{Security: store.ClientSecurity{Profile: ProfileFAPI2}}
	dpopOnly := Client{Security: store.ClientSecurity{RequireDPoP: true}}
	tests := []struct {
		name   string
		client Client
		bind   Binding
		ok     bool
	}{
		{"plain client, bearer", Client{}, Binding{}, true},
		{"plain client, EdDSA proof", Client{}, Binding{JKT: "k", Alg: "EdDSA"}, true},
		{"DPoP client, bearer", dpopOnly, Binding{}, false},
		{"DPoP client, EdDSA proof", dpopOnly, Binding{JKT: "k", Alg: "EdDSA"}, true},
		{"FAPI client, bearer", fapi, Binding{}, false},
		{"FAPI client, ES256 proof", fapi, Binding{JKT: "k", Alg: "ES256"}, true},
		{"FAPI client, PS256 proof", fapi, Binding{JKT: "k", Alg: "PS256"}, true},
		{"FAPI client, EdDSA proof", fapi, Binding{JKT: "k", Alg: "EdDSA"}, false},
		{"FAPI client, certificate", fapi, Binding{X5T: "c"}, true},
	}
	for _, tt := range tests {
		if err := tt.client.CheckBinding(tt.bind); (err == nil) != tt.ok {
			t.Errorf("%s: %v", tt.name, err)
		}
	}
}

func TestFAPICodeLifetime(t *testing.T) {
	s := &Server{cfg: Config{CodeTTL: 10 * time.Minute}}
	if got := s.codeTTL(Client{Security: store.ClientSecurity{Profile: ProfileFAPI2}}); got != fapiCodeTTL {
		t.Errorf("FAPI code lifetime %v", got)
	}
	if got := s.codeTTL(Client{}); got != s.cfg.CodeTTL {
		t.Errorf("code lifetime %v", got)
	}
}
