package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"

	"openbank/store"
	"openbank/store/storetest"
)

// TestUploadStoresOnceAndMatchesAccounts creates an upload connection,
// adds rows twice (the second time nothing is new) and finds accounts by
// IBAN, then by name.
func TestUploadStoresOnceAndMatchesAccounts(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := storetest.NewDB(t)
	st := store.New(db)
	now := time.Date(2026, 3, 10, 9, 0, 0, 0, time.UTC)
	conn := &store.Connection{ClientID: "c", SubjectID: "s", Provider: "upload", Access: "one_time",
		CallbackFields: []byte(`{}`), RequestID: uuid.NewString()}
	if err := st.InsertUploadConnection(ctx, conn, "consumer", now); err != nil {
		t.Fatal(err)
	}
	got, err := st.Connection(ctx, "c", conn.ID)
	if err != nil || got.LastConsentStatus.String != "ok" || got.ConsentValidUntil.Valid {
		t.Fatalf("connection %+v, %v: want an ok consent without expiry", got, err)
	}
	balance := int64(1234)
	first, err := st.SaveUploadAccount(ctx, conn.ID, store.UploadAccount{Name: "Main", Currency: "GBP", Balance: &balance, AsOf: now})
	if err != nil || !first.Created {
		t.Fatalf("first account: %+v %v", first, err)
	}
	rows := []store.UploadedTransaction{
		{ProviderID: "up_b", Date: now, Amount: -250, Currency: "GBP", Description: "later", Category: "living.eating_out", Confidence: 0.9, Version: 3},
		{ProviderID: "up_a", Date: now.AddDate(0, 0, -1), Amount: 100, Currency: "GBP", Description: "earlier"},
	}
	for i, want := range []int{2, 0} {
		n, err := st.InsertUploadedTransactions(ctx, first.ID, "upload", rows)
		if err != nil || n != want {
			t.Fatalf("insert %d: %d added, %v; want %d", i, n, err, want)
		}
	}
	var ids []string
	db.Select(&ids, `SELECT provider_transaction_id FROM transactions WHERE account_id = $1 ORDER BY id`, first.ID)
	var cat struct {
		Category string `db:"category"`
		Version  int    `db:"categoriser_version"`
	}
	db.Get(&cat, `SELECT category, categoriser_version FROM transactions WHERE provider_transaction_id = 'up_b'`)
	if len(ids) != 2 || ids[0] != "up_b" || cat.Category != "living.eating_out" || cat.Version != 3 {
		t.Fatalf("stored %v (ids follow the order given), category %+v", ids, cat)
	}
	byName, err := st.SaveUploadAccount(ctx, conn.ID, store.UploadAccount{Name: "Main", IBAN: "GB82WEST12345698765432", Currency: "GBP", AsOf: now})
	if err != nil || byName.ID != first.ID || byName.Created {
		t.Fatalf("by name: %+v %v, want account %d", byName, err, first.ID)
	}
	byIBAN, err := st.SaveUploadAccount(ctx, conn.ID, store.UploadAccount{Name: "Renamed", IBAN: "GB82WEST12345698765432", Currency: "GBP", AsOf: now})
	if err != nil || byIBAN.ID != first.ID {
		t.Fatalf("by IBAN: %+v %v, want account %d", byIBAN, err, first.ID)
	}
	other, err := st.SaveUploadAccount(ctx, conn.ID, store.UploadAccount{Name: "Main", IBAN: "GB33BUKB20201555555555", Currency: "GBP", AsOf: now})
	if err != nil || other.ID == first.ID || !other.Created {
		t.Fatalf("same name, another IBAN: %+v %v, want a new account", other, err)
	}
	accts, _ := st.Accounts(ctx, "c", conn.ID)
	if len(accts) != 2 || accts[0].Balance != 1234 || accts[0].IBAN != "GB82WEST12345698765432" {
		t.Fatalf("accounts %+v", accts)
	}
}

// TestUploadTargetIsTheClients locks only the client's own connections.
func TestUploadTargetIsTheClients(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	conn := &store.Connection{ClientID: "c", SubjectID: "s", Provider: "upload", Access: "one_time",
		CallbackFields: []byte(`{}`), RequestID: uuid.NewString()}
	if err := st.InsertUploadConnection(ctx, conn, "business", time.Now()); err != nil {
		t.Fatal(err)
	}
	err := st.InTx(ctx, func(tx *store.Tx) error {
		target, err := tx.LockUploadTarget(ctx, "c", conn.ID)
		if err != nil || target.SubjectKind.String != "business" || target.Provider != "upload" {
			t.Fatalf("own connection: %+v %v", target, err)
		}
		if _, err := tx.LockUploadTarget(ctx, "other", conn.ID); err != store.ErrNotFound {
			t.Fatalf("another client's connection: %v, want ErrNotFound", err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
