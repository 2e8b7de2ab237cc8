package insight

import (
	"context"
	"time"

	"openbank/banks"
)

// mockLedger fetches a mock bank's history for a seed as of now, through the
// banks' public API, as a ledger.
func mockLedger(code string, kind SubjectKind, seed int64, now time.Time, categorise Categorise) (*Ledger, error) {
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
	return LedgerFromBank(kind, accounts, txs, categorise), nil
}

// personaLedger is the ledger of a subject of a kind at a latent risk, from
// the mock banks' persona generator.
func personaLedger(kind SubjectKind, risk float64, seed int64, now time.Time, categorise Categorise) (*Ledger, error) {
	persona := banks.PersonaConsumer
	if kind == BusinessSubject {
		persona = banks.PersonaBusiness
	}
	accounts, txs, err := banks.GeneratePersona(persona, risk, seed, now)
	if err != nil {
		return nil, err
	}
	return LedgerFromBank(kind, accounts, txs, categorise), nil
}
