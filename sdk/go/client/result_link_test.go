package client

import "testing"

// TestParseResultLink takes outputUris apart and refuses what is not one.
func TestParseResultLink(t *testing.T) {
	tests := []struct {
		uri  string
		want ResultLink
		ok   bool
	}{
		{"https://openbank.example.com/results/3q2-7wEjQm6S4LwG7dQ0Zg?expires=1773219600&sig=kIqvoc77-VBc",
			ResultLink{"3q2-7wEjQm6S4LwG7dQ0Zg", "1773219600", "kIqvoc77-VBc"}, true},
		{"http://localhost:8080/aggregation/v3.12.0/results/abc?sig=s&expires=1", ResultLink{"abc", "1", "s"}, true},
		{"https://openbank.example.com/results/?expires=1&sig=s", ResultLink{}, false},
		{"https://openbank.example.com/results/a/b?expires=1&sig=s", ResultLink{}, false},
		{"https://openbank.example.com/results/abc?expires=1", ResultLink{}, false},
		{"https://openbank.example.com/reports/abc?expires=1&sig=s", ResultLink{}, false},
		{"::not a url", ResultLink{}, false},
	}
	for _, tt := range tests {
		got, err := ParseResultLink(tt.uri)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("ParseResultLink(%q) = %+v, %v; want %+v, ok %v", tt.uri, got, err, tt.want, tt.ok)
		}
	}
}
