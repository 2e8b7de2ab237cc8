package i18n

import (
	"testing"
	"time"

	"golang.org/x/text/feature/plural"
)

func pluralForm(p Printer, n int) plural.Form {
	return plural.Cardinal.MatchPlural(p.tag, n, 0, 0, 0, 0)
}

func TestPrinter(t *testing.T) {
	until := time.Date(2027, 2, 21, 23, 30, 0, 0, time.UTC)
	tests := []struct {
		name, got, want string
	}{
		{"en date", For("en").Date(until), "21 February 2027"},
		{"de date", For("de").Date(until), "21. Februar 2027"},
		{"es date", For("es").Date(until), "21 de febrero de 2027"},
		{"fr date in UTC", For("fr").Date(time.Date(2027, 8, 1, 1, 0, 0, 0, time.FixedZone("x", 2*3600))), "31 juillet 2027"},
		{"en one", For("en").Plural("widget.consent.recurring", 1, "until", "x", "client", "Acme"),
			"1 day, until x. Acme gets new data once a day until then; after that it will ask you to renew."},
		{"fr zero is singular", For("fr").Plural("widget.consent.recurring", 0, "until", "x", "client", "Acme")[:6], "0 jour"},
		{"en zero is plural", For("en").Plural("widget.consent.recurring", 0, "until", "x", "client", "Acme")[:6], "0 days"},
		{"de grouping", For("de").Number(10000), "10.000"},
		{"en grouping", For("en").Number(10000), "10,000"},
		{"unknown language speaks English", For("pt").Text("widget.cancel"), "Cancel and go back"},
		{"zero printer speaks English", Printer{}.Text("widget.cancel"), "Cancel and go back"},
		{"marks dropped from text", For("en").Text("widget.for", "client", "A [b]"), "Connecting your bank for A [b]"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, tt.got, tt.want)
		}
	}
}

func TestSegments(t *testing.T) {
	got := For("en").Segments("oauth.consent.lead", "client", "Acme [x]", "user", "ann")
	want := []Segment{{"Acme [x]", true}, {" asks to act for ", false}, {"ann", true}, {". It will get:", false}}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("segment %d: got %+v, want %+v", i, got[i], want[i])
		}
	}
}

func TestMatch(t *testing.T) {
	tests := []struct {
		name, got, want string
	}{
		{"exact", Match("de"), "de"},
		{"regional", Match("fr-CA"), "fr"},
		{"unsupported", Match("pt-BR"), ""},
		{"malformed", Match("not a tag"), ""},
		{"ui_locales list", MatchList("ja nl-BE en"), "nl"},
		{"ui_locales none", MatchList("ja ko"), ""},
		{"accept-language order", MatchAccept("ja;q=0.9,it-CH;q=0.8,en;q=0.5"), "it"},
		{"accept-language swiss german", MatchAccept("de-CH"), "de"},
		{"accept-language unsupported", MatchAccept("pt-PT,pt;q=0.9"), ""},
		{"accept-language empty", MatchAccept(""), ""},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, tt.got, tt.want)
		}
	}
	for _, tt := range []struct {
		in   string
		want bool
	}{{"fr", true}, {"de-CH", true}, {"zh-Hant-TW", true}, {"", false}, {"fr_FR", false}, {"fr-", false}, {"x", false}, {"en-US-u-ca-gregory", true}} {
		if got := Valid(tt.in); got != tt.want {
			t.Errorf("Valid(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}
