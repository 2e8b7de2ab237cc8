package docs

import (
	"strings"
	"testing"
)

// TestDerivedDocument checks that 3.11.0 is 3.12.0 with its own version and
// server URL, and nothing else.
func TestDerivedDocument(t *testing.T) {
	base, err := OpenAPIDocument(AggregationOpenAPI)
	if err != nil {
		t.Fatal(err)
	}
	prev, err := OpenAPIDocument(AggregationOpenAPIPrev)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"\n  version: 3.11.0\n", "url: /aggregation/v3.11.0"} {
		if !strings.Contains(string(prev), want) {
			t.Errorf("3.11.0 document lacks %q", want)
		}
	}
	if strings.Contains(string(prev), "3.12.0") {
		t.Error("3.11.0 document still mentions 3.12.0")
	}
	if len(strings.Split(string(base), "\n")) != len(strings.Split(string(prev), "\n")) {
		t.Error("3.11.0 document has other lines than 3.12.0")
	}
	if _, err := OpenAPIDocument("no-such.yaml"); err == nil {
		t.Error("an unknown document was found")
	}
}
