package aggregation_test

import (
	"testing"
	"time"

	"openbank/aggregation"
)

func TestParseUploadAmount(t *testing.T) {
	tests := []struct {
		in, currency string
		want         int64
		ok           bool
	}{
		{"-12.30", "GBP", -1230, true},
		{"12.3", "EUR", 1230, true},
		{"+0.05", "USD", 5, true},
		{"0", "GBP", 0, true},
		{"-0.00", "GBP", 0, true},
		{"007", "GBP", 700, true},
		{"1500", "JPY", 150000, true},
		{"9999999999999.99", "GBP", 999999999999999, true},
		{"12.345", "GBP", 0, false},
		{"12.50", "JPY", 0, false},
		{"12.", "GBP", 0, false},
		{".5", "GBP", 0, false},
		{"1e3", "GBP", 0, false},
		{"1,000.00", "GBP", 0, false},
		{"£12", "GBP", 0, false},
		{"", "GBP", 0, false},
		{"--1", "GBP", 0, false},
		{"10000000000000", "GBP", 0, false},
	}
	for _, tt := range tests {
		got, err := aggregation.ParseUploadAmount(tt.in, tt.currency)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("%q %s: %d, %v; want %d ok=%v", tt.in, tt.currency, got, err, tt.want, tt.ok)
		}
	}
}

func TestParseUploadDate(t *testing.T) {
	today := time.Date(2026, 3, 10, 23, 0, 0, 0, time.UTC)
	tests := []struct {
		in   string
		want string
	}{
		{"2026-03-01", "2026-03-01"},
		{"2026-03-01T23:30:00-05:00", "2026-03-01"},
		{"2026-03-01T09:30:00Z", "2026-03-01"},
		{"2026-03-01T09:30:00.123Z", "2026-03-01"},
		{"2026-03-01T09:30:00", "2026-03-01"},
		{"2026-03-11", "2026-03-11"},
		{"2026-03-12", ""},
		{"1899-12-31", ""},
		{"01/03/2026", ""},
		{"2026-02-30", ""},
		{"", ""},
	}
	for _, tt := range tests {
		got, err := aggregation.ParseUploadDate(tt.in, today)
		if tt.want == "" {
			if err == nil {
				t.Errorf("%q: %v, want a refusal", tt.in, got)
			}
			continue
		}
		if err != nil || got.Format(time.DateOnly) != tt.want {
			t.Errorf("%q: %v %v, want %s", tt.in, got, err, tt.want)
		}
	}
}

func TestNormaliseIBAN(t *testing.T) {
	tests := []struct{ in, want string }{
		{"GB82 WEST 1234 5698 7654 32", "GB82WEST12345698765432"},
		{"de89370400440532013000", "DE89370400440532013000"},
		{"GB83WEST12345698765432", ""},
		{"GB82", ""},
		{"12345678901234567", ""},
	}
	for _, tt := range tests {
		got, err := aggregation.NormaliseIBAN(tt.in)
		if got != tt.want || (err == nil) != (tt.want != "") {
			t.Errorf("%q: %q %v, want %q", tt.in, got, err, tt.want)
		}
	}
}

func TestCheckUploadText(t *testing.T) {
	tests := []struct {
		in string
		ok bool
	}{
		{"", true},
		{"TESCO STORES 2041 – café", true},
		{"tab\there", false},
		{"new\nline", false},
		{"nul\x00", false},
		{"c1\u0085", false},
		{"bad \xff", false},
	}
	for _, tt := range tests {
		if err := aggregation.CheckUploadText(tt.in, 40); (err == nil) != tt.ok {
			t.Errorf("%q: %v, want ok=%v", tt.in, err, tt.ok)
		}
	}
	if aggregation.CheckUploadText("ééééé", 4) == nil {
		t.Error("five characters passed a limit of four")
	}
}
