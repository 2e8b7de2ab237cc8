package report_test

import (
	"strings"
	"testing"
	"time"

	"openbank/i18n"
	"openbank/insight/ledger"
	"openbank/insight/report"
)

// day is a day of March 2026 at noon.
func day(d int) time.Time { return time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC).AddDate(0, 0, d-1) }

// smallLedger is a current and a savings account: a salary, rent, bets the
// categoriser was sure of and some it was not, an overdraft fee, payments to
// debt collectors and a payday lender, a transaction without category and a
// debit given back.
func smallLedger() *ledger.Ledger {
	e := func(d int, amount int64, desc, merchant, category string, confidence float64) ledger.LedgerEntry {
		return ledger.LedgerEntry{AccountID: "cur", Date: day(d), Amount: amount, Description: desc, Merchant: merchant,
			Category: category, Confidence: confidence}
	}
	return &ledger.Ledger{Kind: ledger.ConsumerSubject,
		Accounts: []ledger.LedgerAccount{{ID: "cur", Type: ledger.CurrentAccount, Currency: "GBP", Balance: -50_00},
			{ID: "sav", Type: ledger.SavingsAccount, Currency: "GBP", Balance: 900_00}},
		Entries: []ledger.LedgerEntry{
			e(1, 2000_00, "BGC ACME LTD SALARY", "ACME LTD", ledger.IncomeSalary, 0.95),
			e(2, -900_00, "SO HOMELY LETTINGS", "HOMELY LETTINGS", ledger.HousingRent, 0.9),
			e(3, -20_00, "CARD BET365", "BET365", ledger.Gambling, 0.92),
			e(4, -30_00, "CARD BET365", "BET365", ledger.Gambling, 0.95),
			e(5, -50_00, "CASH ATM CASINO", "CASINO", ledger.Gambling, 0.11),
			e(6, -1150_00, "CARD DFS SOFAS", "DFS", ledger.LivingShopping, 0.8),
			e(7, -15_00, "OVERDRAFT FEE", "", ledger.FeesOverdraft, 0.6),
			e(4, -10_00, "SO CABOT FINANCIAL", "CABOT FINANCIAL", ledger.CreditLoan, 0.9),
			e(8, -40_00, "DD ENERGY CO", "ENERGY CO", ledger.HousingUtilities, 0.9),
			e(9, -25_00, "SO LOWELL PORTFOLIO", "LOWELL", ledger.CreditLoan, 0.5),
			e(9, -60_00, "DD QUICKQUID", "QUICKQUID", ledger.CreditPayday, 0.4),
			e(10, 40_00, "RETURNED DD ENERGY CO", "ENERGY CO", ledger.HousingUtilities, 0.5),
			e(11, -12_34, "MYSTERY 123", "", "", 0),
		}}
}

// TestFreshness checks the age of the newest transaction on the request
// day, and the warning past ledger.StaleAfterDays.
func TestFreshness(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		today time.Time
		age   int
		stale bool
	}{
		{day(11), 0, false},
		{day(11).Add(11 * time.Hour), 0, false},
		{day(11 + ledger.StaleAfterDays), ledger.StaleAfterDays, false},
		{day(12 + ledger.StaleAfterDays), ledger.StaleAfterDays + 1, true},
		{day(109), 98, true},
	} {
		r, err := report.BuildReport("s", smallLedger(), tc.today, tc.today)
		if err != nil {
			t.Fatal(err)
		}
		f := r.Freshness
		if f.NewestTransaction != "2026-03-11" || f.AgeDays != tc.age || f.Stale != tc.stale || (f.Warning != "") != tc.stale ||
			f.FutureDated != 0 {
			t.Errorf("on %s: %+v, want %d days old, stale %v", tc.today.Format(time.DateOnly), f, tc.age, tc.stale)
		}
	}
}

// TestCategorisationQuality checks the uncategorised share and the share of
// risk-category money whose category is uncertain.
func TestCategorisationQuality(t *testing.T) {
	t.Parallel()
	r, err := report.BuildReport("s", smallLedger(), day(11), day(11))
	if err != nil {
		t.Fatal(err)
	}
	want := report.CategorisationQuality{Transactions: 13, Uncategorised: 1, UncategorisedShare: 0.0769,
		UncertainCount: 4, UncertainAmount: 150_00, UncertainShare: 0.71}
	if r.Categorisation != want {
		t.Errorf("quality %+v, want %+v", r.Categorisation, want)
	}
}

// TestDetailLists checks the lists of a small ledger: uncertain bets on a
// row of their own, the fee's uncertainty, the debit given back and the
// accounts' periods.
func TestDetailLists(t *testing.T) {
	t.Parallel()
	r, err := report.BuildReport("s", smallLedger(), day(11), day(11))
	if err != nil {
		t.Fatal(err)
	}
	gambling := []report.GamblingOperator{
		{Name: "BET365", Bets: 2, Staked: 50_00, FirstDate: "2026-03-03", LastDate: "2026-03-04"},
		{Name: "CASINO", Bets: 1, Staked: 50_00, FirstDate: "2026-03-05", LastDate: "2026-03-05", Uncertain: true},
	}
	if len(r.Gambling) != 2 || r.Gambling[0] != gambling[0] || r.Gambling[1] != gambling[1] {
		t.Errorf("gambling %+v", r.Gambling)
	}
	if len(r.Fees) != 1 || r.Fees[0].Amount != 15_00 || !r.Fees[0].Uncertain || r.Fees[0].Date != "2026-03-07" {
		t.Errorf("fees %+v", r.Fees)
	}
	returned := report.ReturnedPayment{Date: "2026-03-10", DebitDate: "2026-03-08", Account: "cur", Party: "ENERGY CO",
		Amount: 40_00}
	if len(r.ReturnedPayments) != 1 || r.ReturnedPayments[0] != returned {
		t.Errorf("returned %+v", r.ReturnedPayments)
	}
	collectors := []report.DebtCollector{
		{Name: "LOWELL", Payments: 1, Paid: 25_00, FirstDate: "2026-03-09", LastDate: "2026-03-09", Uncertain: true},
		{Name: "CABOT FINANCIAL", Payments: 1, Paid: 10_00, FirstDate: "2026-03-04", LastDate: "2026-03-04"},
	}
	if len(r.DebtCollectors) != 2 || r.DebtCollectors[0] != collectors[0] || r.DebtCollectors[1] != collectors[1] {
		t.Errorf("debt collectors %+v", r.DebtCollectors)
	}
	if len(r.Lenders) != 3 || r.Lenders[0].Name != "QUICKQUID" || !r.Lenders[0].Uncertain ||
		r.Lenders[0].Category != ledger.CreditPayday || r.Lenders[0].Repaid != 60_00 {
		t.Errorf("lenders %+v", r.Lenders)
	}
	cur, sav := r.Accounts[0], r.Accounts[1]
	if cur.Transactions != 13 || *cur.FirstTransaction != "2026-03-01" || *cur.NewestTransaction != "2026-03-11" {
		t.Errorf("current account %+v", cur)
	}
	if sav.Transactions != 0 || sav.FirstTransaction != nil || sav.NewestTransaction != nil {
		t.Errorf("savings account %+v", sav)
	}
	spells := []report.OverdraftSpell{{Account: "cur", From: "2026-03-09", To: "2026-03-11", Days: 3, Lowest: -77_66}}
	if len(r.Overdrafts) != 1 || r.Overdrafts[0] != spells[0] {
		t.Errorf("overdrafts %+v", r.Overdrafts)
	}
}

// TestTransactionList checks that the list holds the 90 days of
// transactions up to the newest, newest first, with their accounts.
func TestTransactionList(t *testing.T) {
	t.Parallel()
	r := bankReport(t, "consumer-multi-account", ledger.ConsumerSubject, 11)
	quarter := r.Transactions
	if len(quarter) < 100 {
		t.Fatalf("%d transactions in 90 days", len(quarter))
	}
	accounts := map[string]bool{}
	for _, a := range r.Accounts {
		accounts[a.ID] = true
	}
	newest, err := time.Parse(time.DateOnly, r.Freshness.NewestTransaction)
	if err != nil {
		t.Fatal(err)
	}
	first := newest.AddDate(0, 0, -89).Format(time.DateOnly)
	for i, tx := range quarter {
		if tx.Date < first || tx.Date > r.Freshness.NewestTransaction || (i > 0 && tx.Date > quarter[i-1].Date) {
			t.Fatalf("transaction %d dated %s, after %s or out of the 90 days from %s", i, tx.Date, quarter[max(0, i-1)].Date, first)
		}
		if !accounts[tx.Account] || tx.Amount == 0 || strings.TrimSpace(tx.Description) == "" {
			t.Fatalf("transaction %d: %+v", i, tx)
		}
	}
	if quarter[0].Date != r.Freshness.NewestTransaction {
		t.Errorf("the list opens on %s, the newest transaction is of %s", quarter[0].Date, r.Freshness.NewestTransaction)
	}
}

// TestCategoryLabels checks that every category of the taxonomy has a name
// for the reader in every language, so that no list prints a code or a
// message key.
func TestCategoryLabels(t *testing.T) {
	t.Parallel()
	for _, lang := range i18n.Languages {
		for _, code := range ledger.Categories() {
			if label := report.CategoryLabel(lang, code); label == code || label == "" || strings.HasPrefix(label, "report.") {
				t.Errorf("%s: %s has no label", lang, code)
			}
		}
	}
}

// TestDayOf checks that a time's calendar day is read in its own location,
// before 1970 too.
func TestDayOf(t *testing.T) {
	t.Parallel()
	paris := time.FixedZone("CET", 3600)
	for _, at := range []time.Time{
		time.Date(2026, 3, 1, 0, 30, 0, 0, paris), // still 28 February in UTC
		time.Date(2026, 3, 1, 23, 59, 59, 0, time.FixedZone("PST", -8*3600)),
		time.Date(1969, 12, 31, 12, 0, 0, 0, time.UTC),
		time.Date(1965, 6, 15, 0, 0, 0, 0, time.UTC),
	} {
		if got, want := report.DayOf(at), at.Format(time.DateOnly); got != want {
			t.Errorf("%v: day %s, want %s", at, got, want)
		}
	}
}

// TestDetailOfTheMainCurrency gives the small ledger a euro account with
// bets and fees: it is listed with its period, and its transactions stay
// out of the detail, which is of the main currency as the figures are.
func TestDetailOfTheMainCurrency(t *testing.T) {
	t.Parallel()
	l := smallLedger()
	l.Accounts = append(l.Accounts, ledger.LedgerAccount{ID: "eur", Type: ledger.CurrentAccount, Currency: "EUR", Balance: -10_00})
	l.Entries = append(l.Entries,
		ledger.LedgerEntry{AccountID: "eur", Date: day(2), Amount: -40_00, Description: "CB PMU", Merchant: "PMU", Category: ledger.Gambling, Confidence: 1},
		ledger.LedgerEntry{AccountID: "eur", Date: day(5), Amount: -8_00, Description: "FRAIS REJET", Category: ledger.FeesReturned, Confidence: 1})
	r, err := report.BuildReport("s", l, day(11), day(11))
	if err != nil {
		t.Fatal(err)
	}
	eur := r.Accounts[2]
	if r.Currency != "GBP" || eur.Transactions != 2 || *eur.FirstTransaction != "2026-03-02" || *eur.NewestTransaction != "2026-03-05" {
		t.Errorf("currency %s, euro account %+v", r.Currency, eur)
	}
	for _, g := range r.Gambling {
		if g.Name == "PMU" {
			t.Errorf("euro bets in the detail: %+v", g)
		}
	}
	for _, tx := range r.Transactions {
		if tx.Account == "eur" {
			t.Errorf("a euro transaction in the list: %+v", tx)
		}
	}
	if len(r.Fees) != 1 || len(r.Overdrafts) != 1 || r.Categorisation.Transactions != 13 {
		t.Errorf("%d fees, %d overdraft spells, %d transactions", len(r.Fees), len(r.Overdrafts), r.Categorisation.Transactions)
	}
}
