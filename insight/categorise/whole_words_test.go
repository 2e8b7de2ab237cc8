package categorise

import (
	"testing"

	"openbank/insight/ledger"
)

// TestWholeWordsPerLanguage checks that keywords and aliases match whole words only, and
// that an alias that is a common word does not make a risk category on its own: each line
// holds a word of the keyword lists or the dictionary inside another word, or a common word
// alone, and must not take the category that word would give from the rules or the
// dictionary. The model reads letters, not words, and may still guess it, but only as an
// uncertain guess (below ledger.RiskConfidence), which KPIs and scores never count in full.
func TestWholeWordsPerLanguage(t *testing.T) {
	tests := []struct {
		lang   string
		desc   string
		amount float64
		not    string // the category the line must not take
	}{
		{"fr", "PRLV SEPA INTERPRETE SERVICES", -50, ledger.CreditLoan},                         // PRET inside INTERPRETE
		{"fr", "ECHEANCE COFIDIS PRET", -187.34, ledger.LivingEatingOut},                        // PRET, a loan, not Pret A Manger
		{"fr", "CB CASINO 12/03", -23.10, ledger.Gambling},                                      // the grocer
		{"fr", "CB SALAIRES ET CIE BOUTIQUE 12/03", -30, ledger.BusinessPayroll},                // a shop's name, by card
		{"de", "Gutschrift Lohnsteuerhilfe Bayern e.V. Erstattung", 80, ledger.IncomeSalary},    // LOHN inside LOHNSTEUERHILFE
		{"de", "Kartenzahlung Sixt Mietwagen Flughafen", -120, ledger.HousingRent},              // MIETE inside MIETWAGEN
		{"de", "Kartenzahlung Piraten Bar Hamburg", -12, ledger.CreditLoan},                     // RATE inside PIRATEN
		{"es", "COMPRA TARJ. ONCE", -12, ledger.Gambling},                                       // ONCE alone, no lottery word
		{"es", "RECIBO CONSEJO REGULADOR DENOMINACION DE ORIGEN", -40, ledger.IncomeSalary},     // NOMINA inside DENOMINACION
		{"es", "TRANSFERENCIA DE NOMINALIA INTERNET SL", 60, ledger.IncomeSalary},               // NOMINA inside NOMINALIA
		{"it", "PAGAMENTO POS CASINO", -9, ledger.Gambling},                                     // CASINO alone
		{"it", "PAGAMENTO POS LA PIRATA RISTORANTE", -35, ledger.CreditLoan},                    // RATA inside PIRATA
		{"it", "BONIFICO DA PENSIONATO SAN GIUSEPPE", 120, ledger.IncomePension},                // PENSIONE inside PENSIONATO
		{"nl", "Betaalautomaat 12-03-2024 Toto Restaurant Utrecht", -25, ledger.Gambling},       // TOTO alone
		{"nl", "Betaalautomaat 12-03-2024 Huurauto Centrum Eindhoven", -70, ledger.HousingRent}, // HUUR inside HUURAUTO
		{"nl", "Incasso Belening Diensten", -15, ledger.CreditLoan},                             // LENING inside BELENING
		{"en", "CARD PAYMENT TO CASINO BAR ON 12 MAR", -8, ledger.Gambling},                     // CASINO alone
		{"en", "CARD PAYMENT TO RACING GREEN ON 12 MAR", -60, ledger.Gambling},                  // RACING alone
		{"en", "PRET A MANGER 123 LONDON", -4.5, ledger.CreditLoan},                             // Pret A Manger
	}
	c := categoriser(t)
	for _, tt := range tests {
		r := c.Categorise(Transaction{Description: tt.desc, Amount: int64(tt.amount * 100)}, nil)
		if r.Category == tt.not && (r.Source != SourceModel || r.Confidence >= ledger.RiskConfidence) {
			t.Errorf("%s: %q is %s (%s, %.2f)", tt.lang, tt.desc, r.Category, r.Source, r.Confidence)
		}
	}
}
