package aggregation

import (
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"openbank/handlers/fault"
)

// FuzzEnrichBody feeds the enrich body reader arbitrary bytes: it either
// refuses them with a 400 naming a field, or returns one id and one input
// per transaction, 1 to 500 of them, with amounts read exactly.
func FuzzEnrichBody(f *testing.F) {
	for _, seed := range []string{
		`{"transactions":[{"id":"a","description":"TESCO STORES","amount":"-1.20"}]}`,
		`{"kind":"business","transactions":[{"id":"a","description":"FPI ACME INV 1","amount":"12.00"}]}`,
		`{"kind":"shop","transactions":[{"id":"a","description":"X","amount":1}]}`,
		`{"transactions":[{"id":"a","description":"X","amount":12,"date":"2026-01-02","currency":"JPY"}]}`,
		`{"transactions":[{"id":"","description":"X","amount":1e3}]}`,
		`{"transactions":[]}`, `[]`, `{"transactions":[null]}`, `{"transactions":[{"id":"a","amount":"--1"}]}`,
	} {
		f.Add([]byte(seed))
	}
	today := time.Date(2026, 3, 10, 0, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, body []byte) {
		req, err := parseEnrich(body, today)
		ids, inputs := req.ids, req.inputs
		if err != nil {
			var fe *fault.Error
			if !errors.As(err, &fe) || fe.Status != http.StatusBadRequest || !strings.Contains(fe.Body.Description, ": ") {
				t.Fatalf("refusal %v is not a 400 naming a field", err)
			}
			return
		}
		if req.kind != "" && req.kind != "consumer" && req.kind != "business" {
			t.Fatalf("kind %q accepted", req.kind)
		}
		if len(ids) == 0 || len(ids) > 500 || len(ids) != len(inputs) {
			t.Fatalf("%d ids for %d inputs", len(ids), len(inputs))
		}
		for i, in := range inputs {
			if ids[i] == "" || strings.TrimSpace(in.Description) == "" || in.Currency == "" {
				t.Fatalf("input %d accepted incomplete: %q %+v", i, ids[i], in)
			}
		}
	})
}
