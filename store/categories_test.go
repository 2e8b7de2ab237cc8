package store_test

import (
	"context"
	"errors"
	"math"
	"testing"
	"time"

	"github.com/google/uuid"

	"openbank/store"
	"openbank/store/storetest"
)

// savedConnection stores a connection of client with one fetch of two
// accounts: the first holds the given transactions, the second none.
func savedConnection(t *testing.T, st *store.Store, client string, txs []store.TransactionData) (connID, accountID int64) {
	t.Helper()
	ctx := context.Background()
	conn := &store.Connection{ClientID: client, SubjectID: "s", Provider: "consumer-low-risk", Access: "one_time",
		CallbackFields: []byte(`{}`), RequestID: uuid.NewString()}
	f := &store.Fetch{Trigger: "connect", CallbackFields: []byte(`{}`)}
	err := st.InTx(ctx, func(tx *store.Tx) error {
		if err := tx.InsertConnection(ctx, conn); err != nil {
			return err
		}
		f.ConnectionID = conn.ID
		return tx.QueueFetch(ctx, f, 3)
	})
	if err != nil {
		t.Fatal(err)
	}
	accounts := []store.AccountData{
		{ProviderAccountID: "a", IBAN: "GB82WEST12345698765432", Name: "Current", Type: "current", Currency: "GBP", Transactions: txs},
		{ProviderAccountID: "b", Name: "Savings", Type: "savings", Currency: "GBP"},
	}
	if _, err := st.SaveFetch(ctx, f.ID, conn.ID, time.Now, accounts, func(*store.Tx) error { return nil }); err != nil {
		t.Fatal(err)
	}
	list, err := st.Accounts(ctx, client, conn.ID)
	if err != nil || len(list) != 2 {
		t.Fatalf("accounts %v %v", list, err)
	}
	return conn.ID, list[0].ID
}

func day(d int) time.Time { return time.Date(2026, 3, d, 0, 0, 0, 0, time.UTC) }

func TestFetchStoresCategories(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := store.New(storetest.NewDB(t))
	_, accountID := savedConnection(t, st, "c", []store.TransactionData{
		{ProviderID: "1", Status: "booked", TransactionDate: day(1), Amount: -2345, Currency: "GBP", Description: "TESCO STORES 3421",
			Category: store.Category{Code: "living.groceries", Confidence: 0.95, Merchant: "Tesco", Version: 1}},
		{ProviderID: "2", Status: "pending", TransactionDate: day(2), Amount: 100, Currency: "GBP", Description: "REFUND",
			Category: store.Category{Code: "income.other", Confidence: 0.61, Version: 1}},
		{ProviderID: "3", Status: "booked", TransactionDate: day(3), Amount: 5, Currency: "GBP", Description: "X"},
	})
	got, err := st.Transactions(ctx, accountID, 0, 10)
	if err != nil || len(got) != 3 {
		t.Fatalf("%v %v", got, err)
	}
	if g := got[0]; g.Category.String != "living.groceries" || math.Abs(g.CategoryConfidence.Float64-0.95) > 1e-6 || g.Merchant.String != "Tesco" {
		t.Errorf("first: %+v", g)
	}
	if g := got[1]; g.Category.String != "income.other" || g.Merchant.Valid {
		t.Errorf("a merchant that is not known is stored as NULL: %+v", g)
	}
	if g := got[2]; g.Category.Valid || g.CategoryConfidence.Valid {
		t.Errorf("an uncategorised row is stored as NULL: %+v", g)
	}
	stale, err := st.HasStaleCategories(ctx, 1)
	if n, _ := st.CountStaleCategories(ctx, 1); err != nil || !stale || n != 1 {
		t.Errorf("stale below version 1: %v %d %v, want the one uncategorised row", stale, n, err)
	}
	if stale, _ := st.HasStaleCategories(ctx, 0); stale {
		t.Error("no row is below version 0")
	}
}

func TestCategoryOverridesAreTheClients(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := store.New(storetest.NewDB(t))
	now := time.Now()
	if err := st.SaveCategoryOverrides(ctx, "a", map[string]string{"TESCO STORES": "living.shopping", "PRET": "living.eating_out"}, now); err != nil {
		t.Fatal(err)
	}
	if err := st.SaveCategoryOverrides(ctx, "a", map[string]string{"TESCO STORES": "living.groceries"}, now); err != nil {
		t.Fatal(err)
	}
	got, err := st.CategoryOverrides(ctx, "a")
	if err != nil || len(got) != 2 || got["TESCO STORES"] != "living.groceries" {
		t.Errorf("client a: %v %v", got, err)
	}
	if other, err := st.CategoryOverrides(ctx, "b"); err != nil || len(other) != 0 {
		t.Errorf("client b sees %v %v", other, err)
	}
}

func TestCategoryTargetsAndUpdates(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := store.New(storetest.NewDB(t))
	txs := []store.TransactionData{
		{ProviderID: "1", Status: "booked", TransactionDate: day(1), Amount: -500, Currency: "GBP", Description: "PRET A MANGER",
			Category: store.Category{Code: "living.eating_out", Confidence: 0.95, Merchant: "Pret A Manger", Version: 1}},
	}
	_, mine := savedConnection(t, st, "a", txs)
	_, theirs := savedConnection(t, st, "b", txs)
	ids := make([]int64, 0, 2)
	for _, acc := range []int64{mine, theirs} {
		list, _ := st.Transactions(ctx, acc, 0, 10)
		ids = append(ids, list[0].ID)
	}
	err := st.InTx(ctx, func(tx *store.Tx) error {
		targets, err := tx.CategoryTargets(ctx, "a", append(ids, 999999))
		if err != nil || len(targets) != 1 || targets[0].ID != ids[0] || targets[0].Merchant.String != "Pret A Manger" {
			t.Fatalf("targets of a: %+v %v", targets, err)
		}
		return tx.SetCategories(ctx, []store.CategoryUpdate{{ID: ids[0], AccountID: mine,
			Category: store.Category{Code: "living.charity", Confidence: 1, Version: 1}}})
	})
	if err != nil {
		t.Fatal(err)
	}
	list, _ := st.Transactions(ctx, mine, 0, 10)
	if g := list[0]; g.Category.String != "living.charity" || g.CategoryConfidence.Float64 != 1 || g.Merchant.Valid {
		t.Errorf("updated: %+v", g)
	}
	list, _ = st.Transactions(ctx, theirs, 0, 10)
	if list[0].Category.String != "living.eating_out" {
		t.Errorf("another client's row changed: %+v", list[0])
	}
}

func TestStaleRowsAndSubject(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := store.New(storetest.NewDB(t))
	txs := make([]store.TransactionData, 5)
	for i := range txs {
		txs[i] = store.TransactionData{ProviderID: string(rune('a' + i)), Status: "booked", TransactionDate: day(1 + i),
			Amount: int64(100 * (i - 2)), Currency: "GBP", Description: "ROW", Category: store.Category{Code: "gambling", Version: int16(i % 2)}}
	}
	connID, accountID := savedConnection(t, st, "a", txs)
	gotAccount, gotConn, err := st.StaleCategoryAccount(ctx, 1)
	if err != nil || gotAccount != accountID || gotConn != connID {
		t.Fatalf("stale account %d of %d, %v; want %d of %d", gotAccount, gotConn, err, accountID, connID)
	}
	rows, err := st.StaleCategoryRows(ctx, accountID, 1, 2)
	if err != nil || len(rows) != 2 || rows[0].ID >= rows[1].ID || rows[0].Description != "ROW" {
		t.Fatalf("stale rows %+v %v", rows, err)
	}
	if _, _, err := st.StaleCategoryAccount(ctx, 0); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("no account is below version 0: %v", err)
	}
	credits, err := st.RecentCredits(ctx, connID, day(4), 100)
	if err != nil || len(credits) != 2 || credits[0].Amount != 100 {
		t.Errorf("credits since the 4th: %+v %v", credits, err)
	}
	subject, err := st.CategorySubjectOf(ctx, connID)
	if err != nil || subject.ClientID != "a" || subject.SubjectID != "s" || subject.Kind.Valid ||
		len(subject.OwnAccounts) != 3 {
		t.Errorf("subject %+v %v, want the IBAN and both names", subject, err)
	}
}
