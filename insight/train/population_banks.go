package train

import (
	"context"
	"fmt"
	"time"

	"openbank/banks"
	"openbank/insight/categorise"
	"openbank/insight/ledger"
)

// MockLedger fetches a mock bank's history for a seed as of now, through the
// banks' public API, as a ledger: a customer for benchmarks and tests.
func MockLedger(code string, kind ledger.SubjectKind, seed int64, now time.Time, assign Categorise) (*ledger.Ledger, error) {
	m, err := banks.NewMock(code, banks.Options{Now: func() time.Time { return now }})
	if err != nil {
		return nil, err
	}
	ctx := context.Background()
	consent := banks.Consent{Bank: code, Status: banks.ConsentOK, Seed: seed, Scenario: banks.ScenarioNormal,
		GrantedAt: now, ValidUntil: now.Add(time.Hour)}
	accounts, err := m.Accounts(ctx, consent)
	if err != nil {
		return nil, err
	}
	var txs []banks.Transaction
	for _, a := range accounts {
		page, err := m.Transactions(ctx, consent, a.ID, banks.Query{})
		if err != nil {
			return nil, err
		}
		txs = append(txs, page...)
	}
	return LedgerFromBank(kind, accounts, txs, assign), nil
}

// PersonaLedger is the ledger of a subject of a kind at a latent risk, from
// the mock banks' persona generator. With a categoriser the categories are
// its answers, as the ingest stores them; without, the generator's truth.
func PersonaLedger(kind ledger.SubjectKind, risk float64, seed int64, now time.Time, c *categorise.Categoriser) (*ledger.Ledger, error) {
	persona := banks.PersonaConsumer
	if kind == ledger.BusinessSubject {
		persona = banks.PersonaBusiness
	}
	accounts, txs, err := banks.GeneratePersona(persona, risk, seed, now)
	if err != nil {
		return nil, err
	}
	booked := make([]banks.Transaction, 0, len(txs))
	for _, tx := range txs {
		if tx.Status == banks.Booked {
			booked = append(booked, tx)
		}
	}
	l := LedgerFromBank(kind, accounts, booked, nil)
	if c != nil {
		if err := categoriseLedger(c, l, accounts, booked); err != nil {
			return nil, err
		}
	}
	return l, nil
}

// ApplicantLedger is the ledger a lender sees of an applicant on a request
// day: the persona's history up to the newest data (AgeDays before the
// request day), cut to the HistoryDays the lender saw, categorised by c as
// the ingest does (the generator's truth without c).
func ApplicantLedger(kind ledger.SubjectKind, a Applicant, requestDay time.Time, c *categorise.Categoriser) (*ledger.Ledger, error) {
	dataDay := requestDay.AddDate(0, 0, -a.AgeDays)
	accounts, txs, err := a.Persona.Generate(dataDay)
	if err != nil {
		return nil, err
	}
	from := dataDay.AddDate(0, 0, -a.HistoryDays)
	seen := make([]banks.Transaction, 0, len(txs))
	for _, tx := range txs {
		if tx.Status == banks.Booked && (a.HistoryDays == 0 || tx.BookingDate.After(from)) {
			seen = append(seen, tx)
		}
	}
	l := LedgerFromBank(kind, accounts, seen, nil)
	if c != nil {
		if err := categoriseLedger(c, l, accounts, seen); err != nil {
			return nil, err
		}
	}
	return l, nil
}

// categoriseLedger replaces the categories of l, whose entries are the booked
// transactions in order, with the categoriser's: one history-aware call for
// the subject, of known kind, with its own accounts' IBANs, as the ingest does.
func categoriseLedger(c *categorise.Categoriser, l *ledger.Ledger, accounts []banks.Account, booked []banks.Transaction) error {
	if len(l.Entries) != len(booked) {
		return fmt.Errorf("insight: ledger has %d entries for %d booked transactions", len(l.Entries), len(booked))
	}
	profile := &categorise.Profile{Kind: categorise.KindConsumer}
	if l.Kind == ledger.BusinessSubject {
		profile.Kind = categorise.KindBusiness
	}
	for _, a := range accounts {
		profile.OwnAccounts = append(profile.OwnAccounts, a.IBAN)
	}
	history := make([]categorise.Transaction, len(booked))
	for i, tx := range booked {
		history[i] = categorise.Transaction{Description: tx.Description, Amount: tx.Amount, Date: tx.TransactionDate,
			Counterparty: tx.Counterparty, CounterpartyAccount: tx.CounterpartyAccount, Method: string(tx.Method)}
	}
	for i, r := range c.CategoriseHistory(history, profile) {
		l.Entries[i].Category, l.Entries[i].Confidence = r.Category, r.Confidence
	}
	return nil
}
