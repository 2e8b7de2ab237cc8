package banks

import (
	"reflect"
	"strings"
	"testing"
)

// TestPersonaCountriesPrintLocally checks that a persona of another country
// keeps the British persona's amounts, days and categories and is printed
// in euros with that country's IBANs and formats, with no British wording left.
func TestPersonaCountriesPrintLocally(t *testing.T) {
	t.Parallel()
	british := []string{"DIRECT DEBIT", "FASTER PAYMENT", "BACS CREDIT", "STANDING ORDER", "CASH WITHDRAWAL",
		"OVERDRAFT", "TRANSFER TO", "SALARY", "HMRC", "COUNTER CREDIT"}
	for _, kind := range []PersonaKind{PersonaConsumer, PersonaBusiness} {
		gbAccounts, gb, err := Persona{Kind: kind, Risk: 0.8, Seed: 5, PenaltyInterest: true}.Generate(testNow)
		if err != nil {
			t.Fatal(err)
		}
		for _, country := range Countries() {
			accounts, txs, err := Persona{Kind: kind, Risk: 0.8, Seed: 5, Country: country, PenaltyInterest: true}.Generate(testNow)
			if err != nil {
				t.Fatal(err)
			}
			iban := accounts[0].IBAN
			if !strings.HasPrefix(iban, country) || ibanCheck(country, iban[4:]) != iban[2:4] || accounts[0].Currency != "EUR" ||
				accounts[0].Balance != gbAccounts[0].Balance || len(txs) != len(gb) {
				t.Fatalf("%s %s: account %+v, %d transactions; want a valid %s IBAN in euros and the British persona's %d", kind, country, accounts[0], len(txs), country, len(gb))
			}
			for i, tx := range txs {
				want := gb[i].TrueCategory
				if want == "credit.payday" && !map[string]bool{"DE": true, "ES": true}[country] {
					want = "credit.loan"
				}
				if tx.Amount != gb[i].Amount || !tx.BookingDate.Equal(gb[i].BookingDate) || tx.TrueCategory != want || tx.Currency != "EUR" {
					t.Fatalf("%s %s: transaction %d is %+v, the British one %+v", kind, country, i, tx, gb[i])
				}
				for _, w := range british {
					if strings.Contains(strings.ToUpper(tx.Description), w) {
						t.Errorf("%s %s: %q still reads %q", kind, country, tx.Description, w)
					}
				}
			}
		}
	}
}

// TestPersonaIncomes checks a consumer without income, one paid in cash and
// a business banking its takings as cash.
func TestPersonaIncomes(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		p       Persona
		missing []string // categories that must not occur
		present string   // a category that must occur at least 40 times
	}{
		{"no income", Persona{Kind: PersonaConsumer, Risk: 0.5, Seed: 3, Income: IncomeNone},
			[]string{"income.salary", "income.benefits", "income.pension"}, "transfer.in"},
		{"cash in hand", Persona{Kind: PersonaConsumer, Risk: 0.5, Seed: 3, Income: IncomeCash},
			[]string{"income.salary", "income.benefits", "income.pension"}, "cash.deposit"},
		{"cash takings", Persona{Kind: PersonaBusiness, Risk: 0.5, Seed: 3, Income: IncomeCash},
			[]string{"business.card_settlement"}, "cash.deposit"},
	}
	for _, tt := range tests {
		_, txs, err := tt.p.Generate(testNow)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, tx := range txs {
			for _, m := range tt.missing {
				if tx.TrueCategory == m {
					t.Fatalf("%s: %q is %s", tt.name, tx.Description, m)
				}
			}
			if tx.TrueCategory == tt.present && tx.Amount > 0 {
				n++
			}
		}
		if n < 40 {
			t.Errorf("%s: %d credits of %s, want at least 40", tt.name, n, tt.present)
		}
	}
	for _, p := range []Persona{{Kind: PersonaBusiness, Income: IncomeNone}, {Kind: PersonaConsumer, Country: "US"}} {
		if _, _, err := p.Generate(testNow); err != ErrUnknownPersonaOption {
			t.Errorf("%+v: got %v, want ErrUnknownPersonaOption", p, err)
		}
	}
}

// TestPersonaPenaltyInterest checks that a bank allowing overruns lets the
// balance go past the limit and charges fees and penalty interest for it.
func TestPersonaPenaltyInterest(t *testing.T) {
	t.Parallel()
	p := Persona{Kind: PersonaConsumer, Risk: 0.9, Seed: 2}
	_, plainTxs, _ := p.Generate(testNow)
	p.PenaltyInterest = true
	accounts, txs, err := p.Generate(testNow)
	if err != nil {
		t.Fatal(err)
	}
	penalties, beyond := 0, false
	for _, tx := range txs {
		if tx.TrueCategory == "fees.overdraft" && (tx.Description == "PENALTY INTEREST NEGATIVE BALANCE" || tx.Description == "UNARRANGED OVERDRAFT FEE") {
			penalties++
		}
		beyond = beyond || tx.BalanceAfter < -accounts[0].Limit
	}
	if penalties < 3 || !beyond {
		t.Errorf("%d penalty charges, past the limit: %v; want some of both", penalties, beyond)
	}
	for _, tx := range plainTxs {
		if tx.Reference == penaltyRef {
			t.Fatalf("without penalty interest: %q", tx.Description)
		}
	}
	again, againTxs, _ := p.Generate(testNow)
	if !reflect.DeepEqual(accounts, again) || !reflect.DeepEqual(txs, againTxs) {
		t.Error("the same persona gave different histories")
	}
}
