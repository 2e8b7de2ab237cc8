package xs2a

import "testing"

func TestMinorUnits(t *testing.T) {
	tests := []struct {
		currency, amount string
		want             int64
		ok               bool
	}{
		{"EUR", "12.5", 1250, true},
		{"EUR", "-12.34", -1234, true},
		{"EUR", "-0.01", -1, true},
		{"EUR", "7", 700, true},
		{"EUR", "99999999999999.99", 9999999999999999, true},
		{"JPY", "7", 7, true},
		{"KWD", "1.2", 1200, true},
		{"KWD", "-1.234", -1234, true},
		{"EUR", "1.234", 0, false},
		{"JPY", "7.5", 0, false},
		{"EUR", "1e9", 0, false},
		{"EUR", "", 0, false},
		{"EUR", "-", 0, false},
		{"EUR", ".5", 0, false},
		{"EUR", "+1", 0, false},
		{"EUR", "1.-5", 0, false},
		{"EUR", "999999999999999", 0, false},
		{"eur", "1", 0, false},
		{"EURO", "1", 0, false},
	}
	for _, tt := range tests {
		got, err := minorUnits(amount{Currency: tt.currency, Amount: tt.amount})
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("minorUnits(%s %q) = %d, %v; want %d, ok %v", tt.currency, tt.amount, got, err, tt.want, tt.ok)
		}
	}
}
