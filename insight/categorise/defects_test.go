package categorise

import (
	"testing"

	"openbank/insight/ledger"
)

// TestDefectsOfContinentalAndEnglishLines checks the lines that were categorised wrongly,
// often as a confident risk, before the categoriser read continental statements.
func TestDefectsOfContinentalAndEnglishLines(t *testing.T) {
	tests := []struct {
		name   string
		desc   string
		amount float64
		want   string
	}{
		{"cash paid in at a Dutch ATM", "Storting Geldmaat Amsterdam Zuid", 300, ledger.CashDeposit},
		{"cash paid in at a Dutch ATM, another", "STORTING GELDMAAT UTRECHT CENTRAAL", 150, ledger.CashDeposit},
		{"a charity direct debit", "DD BRITISH HEART FOUNDATION", -10, ledger.LivingCharity},
		{"a charity direct debit, after its name", "RNLI DD", -5, ledger.LivingCharity},
		{"a charity direct debit, French", "PRLV SEPA MEDECINS SANS FRONTIERES DON MENSUEL", -15, ledger.LivingCharity},
		{"a grocer called Casino", "CB CASINO SUPERMARCHE 12/03", -54.32, ledger.LivingGroceries},
		{"a Casino grocer by card", "CARTE X1234 14/03 GEANT CASINO", -80.10, ledger.LivingGroceries},
		{"a loan instalment, not Pret A Manger", "ECHEANCE COFIDIS PRET", -187.34, ledger.CreditLoan},
		{"a mortgage instalment", "ECHEANCE PRET IMMOBILIER 00012345678", -987.45, ledger.CreditMortgage},
		{"a returned-debit fee, French", "FRAIS REJET PRLV SFR", -20, ledger.FeesReturned},
		{"a returned-debit fee, German", "Entgelt Rücklastschrift Telekom", -3, ledger.FeesReturned},
		{"a returned-debit fee, Spanish", "COMISION DEVOLUCION RECIBO", -20, ledger.FeesReturned},
		{"a returned-debit fee, Italian", "COMMISSIONE INSOLUTO SDD", -20, ledger.FeesReturned},
		{"a returned-debit fee, Dutch", "Storneringskosten Vodafone Libertel", -20, ledger.FeesReturned},
		{"a salary in the purpose", "VIR SEPA RECU /DE DECATHLON FRANCE SAS /MOTIF SALAIRE MARS 2024 /REF 0324-118734", 2345.67, ledger.IncomeSalary},
		{"a salary in the purpose, other bank", "VIR RECU 8472910345 DE: BOULANGERIE MARTIN MOTIF: SALAIRE AVRIL", 1540, ledger.IncomeSalary},
		{"a card withdrawal", "CARD WITHDRAWAL 12MAR LINK ATM TESCO EXTRA", -100, ledger.CashWithdrawal},
		{"a card withdrawal, no ATM word", "CARD WITHDRAWAL POST OFFICE 12MAR", -50, ledger.CashWithdrawal},
		{"penalty interest", "PENALTY INTEREST NEGATIVE BALANCE", -5, ledger.FeesOverdraft},
		{"a money transfer", "WESTERN UNION TRANSFER 12MAR", -250, ledger.TransferOut},
		{"a money transfer, another operator", "MONEYGRAM 1234567 SEND", -120, ledger.TransferOut},
	}
	c := categoriser(t)
	for _, tt := range tests {
		r := c.Categorise(Transaction{Description: tt.desc, Amount: int64(tt.amount * 100)}, nil)
		if r.Category != tt.want {
			t.Errorf("%s: %q is %s (%s, %.2f), want %s", tt.name, tt.desc, r.Category, r.Source, r.Confidence, tt.want)
		}
		if r.Confidence >= 1 {
			t.Errorf("%s: confidence %.2f without a client's correction", tt.name, r.Confidence)
		}
	}
}
