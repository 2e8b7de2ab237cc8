package store_test

import (
	"context"
	"testing"
	"time"

	"openbank/store"
	"openbank/store/storetest"
)

// A panic inside a transaction reaches the caller, and the connection the
// transaction held goes back to the pool: a pool of one still answers.
func TestPanicInTransactionGivesTheConnectionBack(t *testing.T) {
	t.Parallel()
	st, err := store.Open(context.Background(), storetest.NewURL(t), store.PoolOptions{MaxOpen: 1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	func() {
		defer func() {
			if recover() == nil {
				t.Fatal("the panic did not reach the caller")
			}
		}()
		_ = st.InTx(ctx, func(tx *store.Tx) error {
			if err := tx.Exec(ctx, `CREATE TABLE rolled_back (id int)`); err != nil {
				t.Fatal(err)
			}
			panic("inside the transaction")
		})
	}()
	var n int
	if err := st.Pool().GetContext(ctx, &n, `SELECT count(*) FROM pg_tables WHERE tablename = 'rolled_back'`); err != nil {
		t.Fatalf("the pool's one connection did not come back: %v", err)
	}
	if n != 0 {
		t.Fatal("the panicked transaction was committed")
	}
}
