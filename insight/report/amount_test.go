package report

import (
	"encoding/json"
	"testing"
)

// TestAmount checks printing, formatting and JSON of amounts.
func TestAmount(t *testing.T) {
	tests := []struct {
		minor       Amount
		plain, gbp  string
		whole, json string
	}{
		{123456, "1234.56", "£1,234.56", "£1,235", `"1234.56"`},
		{-5, "-0.05", "-£0.05", "£0", `"-0.05"`},
		{0, "0.00", "£0.00", "£0", `"0.00"`},
		{-100000000, "-1000000.00", "-£1,000,000.00", "-£1,000,000", `"-1000000.00"`},
		{-149, "-1.49", "-£1.49", "-£1", `"-1.49"`},
	}
	for _, tt := range tests {
		if got := tt.minor.String(); got != tt.plain {
			t.Errorf("%d: String %q, want %q", tt.minor, got, tt.plain)
		}
		if got := tt.minor.Format("GBP"); got != tt.gbp {
			t.Errorf("%d: Format %q, want %q", tt.minor, got, tt.gbp)
		}
		if got := tt.minor.FormatWhole("GBP"); got != tt.whole {
			t.Errorf("%d: FormatWhole %q, want %q", tt.minor, got, tt.whole)
		}
		data, err := json.Marshal(tt.minor)
		if err != nil || string(data) != tt.json {
			t.Errorf("%d: JSON %s %v, want %s", tt.minor, data, err, tt.json)
		}
		var back Amount
		if err := json.Unmarshal(data, &back); err != nil || back != tt.minor {
			t.Errorf("%s: read back %d %v", data, back, err)
		}
	}
	if got := Amount(250000).Format("CHF"); got != "2,500.00 CHF" {
		t.Errorf("CHF: %q", got)
	}
}

// TestAmountRefused checks that JSON amounts must be exact decimal strings.
func TestAmountRefused(t *testing.T) {
	for _, in := range []string{`12.5`, `"1.234"`, `"abc"`, `"-"`, `".5"`, `"1.-5"`, `"+3"`, `null`} {
		var a Amount
		if err := json.Unmarshal([]byte(in), &a); err == nil {
			t.Errorf("%s: read as %s, want an error", in, a)
		}
	}
	var a Amount
	if err := json.Unmarshal([]byte(`"7.5"`), &a); err != nil || a != 750 {
		t.Errorf(`"7.5": %d %v`, a, err)
	}
}

// TestMaskIBAN checks what a masked IBAN shows.
func TestMaskIBAN(t *testing.T) {
	tests := []struct{ in, want string }{
		{"GB29 NWBK 6016 1331 9268 19", "GB29 **** 6819"},
		{"gb43obmk04009912345678", "GB43 **** 5678"},
		{"12345678", "****78"},
		{"", ""},
	}
	for _, tt := range tests {
		if got := MaskIBAN(tt.in); got != tt.want {
			t.Errorf("MaskIBAN(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
