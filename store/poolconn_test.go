package store_test

import (
	"context"
	"testing"

	"openbank/store"
	"openbank/store/storetest"
)

// TestUnusableConnectionsLeaveThePool makes the pool's only connection
// refuse writes, as a primary demoted by a failover does: the write that
// meets the refusal drops the connection, and writes work again at once on
// a new one instead of failing until the pool is emptied by hand.
func TestUnusableConnectionsLeaveThePool(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		write func(st *store.Store) error
	}{
		{"exec", func(st *store.Store) error {
			_, err := st.Pool().Exec(`INSERT INTO probe VALUES (1)`)
			return err
		}},
		{"query", func(st *store.Store) error {
			var n int
			return st.Pool().Get(&n, `INSERT INTO probe VALUES (1) RETURNING n`)
		}},
		{"transaction", func(st *store.Store) error {
			return st.InTx(context.Background(), func(tx *store.Tx) error {
				return tx.Exec(context.Background(), `INSERT INTO probe VALUES (1)`)
			})
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st, err := store.Open(context.Background(), storetest.NewURL(t), store.PoolOptions{MaxOpen: 1, MaxIdle: 1})
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			db := st.Pool()
			var before, after int
			if err := db.Get(&before, `SELECT pg_backend_pid()`); err != nil {
				t.Fatal(err)
			}
			if _, err := db.Exec(`CREATE TABLE probe (n int)`); err != nil {
				t.Fatal(err)
			}
			if _, err := db.Exec(`SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY`); err != nil {
				t.Fatal(err)
			}
			tt.write(st) // may fail: it met the refusal
			if _, err := db.Exec(`INSERT INTO probe VALUES (2)`); err != nil {
				t.Fatalf("a write after the refusal: %v", err)
			}
			if err := db.Get(&after, `SELECT pg_backend_pid()`); err != nil {
				t.Fatal(err)
			}
			if after == before {
				t.Fatal("the read-only connection is still in the pool")
			}
		})
	}
}
