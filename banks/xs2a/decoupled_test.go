package xs2a

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"openbank/banks"
)

// TestDecoupledApproach: the consent and the start of its authorisation
// prefer the decoupled approach; the bank's scaStatus decides whether
// the subject is still awaited.
func TestDecoupledApproach(t *testing.T) {
	for _, tc := range []struct {
		name, status string
		want         error
		reason       string
	}{
		{"waiting", "scaMethodSelected", banks.ErrApprovalPending, ""},
		{"started", "started", banks.ErrApprovalPending, ""},
		{"approved", "finalised", nil, ""},
		{"unknown status", "bogus", nil, "scaStatus bogus"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var seen []*http.Request
			c, err := New(Bank{Code: "fake", Name: "Fake Bank", Country: "DE", BaseURL: "https://bank.example/psd2",
				SCAApproaches: []string{Decoupled}}, Options{Now: func() time.Time { return now },
				Transport: fakeBank(func(r *http.Request) (int, string) {
					seen = append(seen, r)
					switch {
					case r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/v1/consents"):
						return 201, `{"consentStatus":"received","consentId":"c1","_links":{}}`
					case r.Method == http.MethodPost:
						return 201, `{"scaStatus":"` + tc.status + `","authorisationId":"a1","_links":{}}`
					case strings.HasSuffix(r.URL.Path, "/status"):
						return 200, `{"consentStatus":"valid"}`
					}
					return 200, `{"consentStatus":"valid","validUntil":"2026-06-08"}`
				})})
			if err != nil {
				t.Fatal(err)
			}
			if info := c.Info(); info.SCA != banks.SCAEmbedded || !info.Decoupled || info.OneTimeCode {
				t.Fatalf("info %+v", info)
			}
			auth, err := c.StartSCA(context.Background(), banks.ConsentRequest{Seed: 1, ValidFor: time.Hour})
			if err != nil {
				t.Fatal(err)
			}
			consent, err := c.CompleteSCA(context.Background(), auth, banks.Credentials{Username: "anna"})
			switch {
			case tc.reason != "":
				if err == nil || !strings.Contains(err.Error(), tc.reason) {
					t.Fatalf("err = %v, want a bad answer", err)
				}
			case tc.want == nil && (err != nil || consent.Status != banks.ConsentOK):
				t.Fatalf("%+v, %v", consent, err)
			case tc.want != nil && (!errors.Is(err, tc.want) || consent.Challenge != "a1"):
				t.Fatalf("%+v, %v", consent, err)
			}
			for _, r := range seen[:2] {
				if r.Header.Get("TPP-Decoupled-Preferred") != "true" || r.Header.Get("TPP-Redirect-Preferred") != "false" {
					t.Errorf("%s %s: headers %v", r.Method, r.URL.Path, r.Header)
				}
			}
			if seen[1].Header.Get("PSU-ID") != "anna" {
				t.Errorf("PSU-ID = %q", seen[1].Header.Get("PSU-ID"))
			}
		})
	}
}
