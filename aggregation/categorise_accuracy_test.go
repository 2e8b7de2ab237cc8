package aggregation_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/google/uuid"

	"openbank/aggregation"
	"openbank/banks"
	"openbank/store"
)

// mockAccuracyFloor is the share of mock-bank transactions the ingest must
// categorise as the generator says, as insight's own evaluation demands.
const mockAccuracyFloor = 0.99

// TestMockBankAccuracyThroughIngest downloads subjects of every mock bank,
// stores them through the fetch ingest (categorisation and all) and
// compares the stored categories with the generator's true ones.
func TestMockBankAccuracyThroughIngest(t *testing.T) {
	if testing.Short() {
		t.Skip("ingests 10,000 transactions")
	}
	t.Parallel()
	ctx := context.Background()
	f := categorised(t)
	codes := []string{banks.ConsumerLowRisk, banks.ConsumerHighRisk, banks.ConsumerMultiAccount,
		banks.BusinessLowRisk, banks.BusinessHighRisk, banks.RedirectScenario, banks.EmbeddedScenario}
	total, right := 0, 0
	misses := map[string]int{}
	for seed := int64(1); total < 10_000; seed++ {
		for _, code := range codes {
			truth := ingestMock(t, ctx, f, code, seed)
			var stored []struct {
				Account  string `db:"provider_account_id"`
				Provider string `db:"provider_transaction_id"`
				Category string `db:"category"`
			}
			if err := f.raw.Select(&stored, `SELECT a.provider_account_id, t.provider_transaction_id, t.category FROM transactions t
				JOIN accounts a ON a.id = t.account_id JOIN connections c ON c.id = a.connection_id
				WHERE c.provider = $1 AND c.subject_id = $2`, code, uuidOf(seed)); err != nil {
				t.Fatal(err)
			}
			for _, s := range stored {
				total++
				if want := truth[s.Account+"/"+s.Provider]; s.Category == want {
					right++
				} else {
					misses[want+" <- "+s.Category]++
				}
			}
		}
	}
	accuracy := float64(right) / float64(total)
	t.Logf("mock banks through the fetch ingest: %d transactions, accuracy %.4f", total, accuracy)
	for m, n := range misses {
		t.Logf("%5d %s", n, m)
	}
	if accuracy < mockAccuracyFloor {
		t.Errorf("accuracy %.4f is below %.2f", accuracy, mockAccuracyFloor)
	}
}

// uuidOf names the subject of a seed.
func uuidOf(seed int64) string { return fmt.Sprint("seed-", seed) }

// ingestMock stores one mock subject of a bank through Service.Ingest and
// returns the true category of each transaction by "account/id" of the
// provider.
func ingestMock(t *testing.T, ctx context.Context, f *fixture, code string, seed int64) map[string]string {
	t.Helper()
	p, err := banks.NewMock(code, banks.Options{Now: f.clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	auth, err := p.StartSCA(ctx, banks.ConsentRequest{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	consent, err := p.CompleteSCA(ctx, auth, banks.Credentials{Username: "user", Password: banks.TestPassword})
	if err != nil {
		t.Fatal(err)
	}
	data, err := aggregation.Download(ctx, p, consent, map[string]string{})
	if err != nil {
		t.Fatal(err)
	}
	conn := &store.Connection{ClientID: "client-a", SubjectID: uuidOf(seed), Provider: code, Access: aggregation.OneTime,
		CallbackFields: []byte("{}"), RequestID: uuid.NewString()}
	fetch := &store.Fetch{Trigger: "connect", CallbackFields: []byte("{}")}
	err = f.svc.Store.InTx(ctx, func(tx *store.Tx) error {
		if err := tx.InsertConnection(ctx, conn); err != nil {
			return err
		}
		fetch.ConnectionID = conn.ID
		return tx.QueueFetch(ctx, fetch, aggregation.FetchMaxAttempts)
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.Ingest(ctx, fetch.ID, conn.ID, data, func(*store.Tx) error { return nil }); err != nil {
		t.Fatal(err)
	}
	truth := map[string]string{}
	for _, a := range data {
		txs, err := p.Transactions(ctx, consent, a.ProviderAccountID, banks.Query{})
		if err != nil {
			t.Fatal(err)
		}
		for _, tx := range txs {
			truth[a.ProviderAccountID+"/"+tx.ID] = tx.TrueCategory
		}
	}
	return truth
}
