package categorise

import "testing"

// A PSD2 feed often prints only the purpose and gives the creditor or
// debtor apart: the counterparty's name decides when the description
// names no merchant, and never overrides one the description names.
func TestCounterpartyNameWhenTheDescriptionNamesNoMerchant(t *testing.T) {
	t.Parallel()
	c := categoriser(t)
	tests := []struct {
		desc, counterparty string
		amount             int64
		want               string
	}{
		{"Rechnung 2026-11 Kundennummer 4711", "Vodafone GmbH", -3999, "housing.telecom"},
		{"ECHEANCE 11/2026 DOSSIER 88812", "COFIDIS", -18950, "credit.loan"},
		{"Factuur 123456789", "Eneco Services B.V.", -11200, "housing.utilities"},
		{"TESCO STORES 3124", "Vodafone GmbH", -2350, "living.groceries"}, // the description's merchant wins
	}
	for _, tt := range tests {
		tx := Transaction{Description: tt.desc, Counterparty: tt.counterparty, Amount: tt.amount}
		if got := c.Categorise(tx, &Profile{Kind: KindConsumer}); got.Category != tt.want {
			t.Errorf("%q from %q: %s (%s, %.2f), want %s", tt.desc, tt.counterparty, got.Category, got.Source, got.Confidence, tt.want)
		}
		history := c.CategoriseHistory([]Transaction{tx}, &Profile{Kind: KindConsumer})
		if history[0].Category != tt.want {
			t.Errorf("%q from %q in a history: %s, want %s", tt.desc, tt.counterparty, history[0].Category, tt.want)
		}
	}
}
