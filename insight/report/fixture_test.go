package report_test

import (
	"context"
	"testing"
	"time"

	"openbank/banks"
	"openbank/insight/ledger"
	"openbank/insight/report"
	"openbank/insight/train"
)

// scoreNow is about 24 months after the mock banks' histories open.
var scoreNow = time.Date(2026, 11, 15, 12, 0, 0, 0, time.UTC)

// reportGenerated is when the test reports say they were made.
var reportGenerated = time.Date(2026, 11, 15, 14, 30, 0, 0, time.UTC)

// bankReport builds the report of a mock bank's customer, its accounts named
// and their IBANs masked as the bank gives them.
func bankReport(t testing.TB, code string, kind ledger.SubjectKind, seed int64) *report.Report {
	t.Helper()
	accounts, txs := bankData(t, code, seed)
	return labelledReport(t, code+"-"+string(kind), kind, accounts, txs)
}

// bankData is what a mock bank gives for a customer: accounts and transactions.
func bankData(t testing.TB, code string, seed int64) ([]banks.Account, []banks.Transaction) {
	t.Helper()
	m, err := banks.NewMock(code, banks.Options{Now: func() time.Time { return scoreNow }})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	consent := banks.Consent{Bank: code, Status: banks.ConsentOK, Seed: seed, Scenario: banks.ScenarioNormal,
		GrantedAt: scoreNow, ValidUntil: scoreNow.Add(time.Hour)}
	accounts, err := m.Accounts(ctx, consent)
	if err != nil {
		t.Fatal(err)
	}
	var txs []banks.Transaction
	for _, a := range accounts {
		page, err := m.Transactions(ctx, consent, a.ID, banks.Query{})
		if err != nil {
			t.Fatal(err)
		}
		txs = append(txs, page...)
	}
	return accounts, txs
}

// busyData is a three-account customer over 24 months with about 3,600
// transactions: the multi-account customer's, and a high-risk customer's
// booked on its current account as well.
func busyData(t testing.TB) ([]banks.Account, []banks.Transaction) {
	accounts, txs := bankData(t, banks.ConsumerMultiAccount, 11)
	_, more := bankData(t, banks.ConsumerHighRisk, 11)
	for _, tx := range more {
		tx.AccountID = accounts[0].ID
		txs = append(txs, tx)
	}
	return accounts, txs
}

// personaReport builds the report of a persona at a latent risk.
func personaReport(t testing.TB, kind ledger.SubjectKind, risk float64, seed int64) *report.Report {
	t.Helper()
	persona := banks.PersonaConsumer
	if kind == ledger.BusinessSubject {
		persona = banks.PersonaBusiness
	}
	accounts, txs, err := banks.GeneratePersona(persona, risk, seed, scoreNow)
	if err != nil {
		t.Fatal(err)
	}
	return labelledReport(t, "persona-"+string(kind), kind, accounts, txs)
}

// labelledReport builds a report from a bank's data and labels its accounts.
func labelledReport(t testing.TB, subject string, kind ledger.SubjectKind, accounts []banks.Account, txs []banks.Transaction) *report.Report {
	t.Helper()
	r, err := report.BuildReport(subject, train.LedgerFromBank(kind, accounts, txs, nil), scoreNow, reportGenerated)
	if err != nil {
		t.Fatal(err)
	}
	labels := make(map[string]report.AccountLabel, len(accounts))
	for _, a := range accounts {
		labels[a.ID] = report.AccountLabel{Name: a.Name, IBAN: a.IBAN}
	}
	r.LabelAccounts(labels)
	return r
}
