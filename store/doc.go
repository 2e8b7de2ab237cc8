// Package store owns Openbank's PostgreSQL schema and queries: the embedded,
// numbered migrations, transactions, and the mapping of constraint
// violations to the sentinel errors the domain packages understand.
//
// Store is the one entry point: every query is a method of it, and
// Store.InTx runs several atomically through a *Tx that has the same
// methods. A method that needs a transaction of its own joins the caller's
// when it is called on a Tx. Rules that are not SQL (consent levels,
// retention windows, retry counts) belong to the domain packages, which
// pass them in.
//
// To add a query, write a method on *conn in the file of its table, with
// the SQL beside it, ctx first, errors wrapped as "store: …: %w" and
// constraint violations mapped with mapError:
//
//	// Reminder counts a showcase's reminders.
//	func (db *conn) ReminderCount(ctx context.Context, showcase string) (int, error) {
//		var n int
//		if err := db.get(ctx, &n, `SELECT count(*) FROM reminders WHERE showcase = $1`, showcase); err != nil {
//			return 0, fmt.Errorf("store: count reminders of %s: %w", showcase, err)
//		}
//		return n, nil
//	}
//
// Every caller then has it, on the pool and inside a transaction:
//
//	n, err := s.Store.ReminderCount(ctx, name) // on the pool
//	err = s.Store.InTx(ctx, func(tx *store.Tx) error {
//		n, err := tx.ReminderCount(ctx, name) // in the transaction
//		…
//	})
//
// db.get, db.selectAll, db.exec and db.queryRow run on whichever of the two
// the method was called on; db.getPrepared keeps a prepared statement on the
// pool for the hottest reads. Schema changes are a new numbered file in
// migrations/, never an edit of one that has landed. The numbers order the
// files and may skip: work developed side by side takes separate ranges,
// and Migrate applies whatever is not yet recorded, in order.
package store
