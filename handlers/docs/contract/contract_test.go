package contract

import (
	"testing"

	"openbank/handlers/docs"
)

// TestDocumentsLoad checks that every served document loads and validates.
func TestDocumentsLoad(t *testing.T) {
	for _, name := range []string{docs.GatewayOpenAPI, docs.AggregationOpenAPI, docs.AggregationOpenAPIPrev} {
		t.Run(name, func(t *testing.T) {
			if _, err := Load(name); err != nil {
				t.Fatal(err)
			}
		})
	}
}
