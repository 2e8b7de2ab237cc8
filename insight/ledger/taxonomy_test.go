package ledger

import "testing"

func TestCategoryOrder(t *testing.T) {
	codes := Categories()
	if len(codes) != CategoryCount {
		t.Fatalf("%d codes, CategoryCount %d", len(codes), CategoryCount)
	}
	for i, c := range codes {
		if CategoryAt(i) != c || CategoryIndex(c) != i || !Valid(c) {
			t.Errorf("code %d %q: at %q, index %d, valid %v", i, c, CategoryAt(i), CategoryIndex(c), Valid(c))
		}
	}
	if CategoryIndex("living.nothing") != -1 || Valid("living") || Valid("") {
		t.Error("a code outside the taxonomy was found")
	}
}

func TestPrimaryAndOtherLeaf(t *testing.T) {
	tests := []struct{ code, primary, other string }{
		{IncomeSalary, "income", IncomeOther},
		{IncomeOther, "income", IncomeOther},
		{LivingGroceries, "living", ""},
		{Gambling, "gambling", ""},
	}
	for _, tt := range tests {
		if got := Primary(tt.code); got != tt.primary {
			t.Errorf("Primary(%q) = %q, want %q", tt.code, got, tt.primary)
		}
		if got := OtherLeaf(tt.code); got != tt.other {
			t.Errorf("OtherLeaf(%q) = %q, want %q", tt.code, got, tt.other)
		}
	}
}
