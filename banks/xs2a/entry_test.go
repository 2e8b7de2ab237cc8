package xs2a

import (
	"testing"
	"time"

	"openbank/banks"
)

// TestMapEntriesDates: entries that repeat a date read it alike, an id
// carries its entry's date, and a bad date after a good one still fails.
func TestMapEntriesDates(t *testing.T) {
	day := func(d int) time.Time { return time.Date(2026, 3, d, 0, 0, 0, 0, time.UTC) }
	entry := func(id, booking, value string) transaction {
		return transaction{TransactionID: id, BookingDate: booking, ValueDate: value,
			TransactionAmount: amount{Currency: "EUR", Amount: "-1.00"}}
	}
	c := fakeConnector(t, nil)
	for _, tc := range []struct {
		name    string
		entries []transaction
		ids     []string
		booking []time.Time
		value   []time.Time
		ok      bool
	}{
		{"repeated dates", []transaction{entry("a", "2026-03-01", "2026-03-01"), entry("b", "2026-03-01", "2026-03-02"), entry("c", "2026-03-02", "")},
			[]string{"20260301-a", "20260301-b", "20260302-c"}, []time.Time{day(1), day(1), day(2)}, []time.Time{day(1), day(2), day(2)}, true},
		{"a bad date after a good one", []transaction{entry("a", "2026-03-01", "2026-03-01"), entry("b", "2026-03-01", "2026-03-01x")}, nil, nil, nil, false},
		{"no booking date after one", []transaction{entry("a", "2026-03-01", ""), entry("b", "", "2026-03-01")}, nil, nil, nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := c.mapEntries(nil, "a1", tc.entries, banks.Booked, banks.Query{})
			if (err == nil) != tc.ok {
				t.Fatalf("err = %v, want ok %v", err, tc.ok)
			}
			for i, tx := range out {
				if tx.ID != tc.ids[i] || !tx.BookingDate.Equal(tc.booking[i]) || !tx.ValueDate.Equal(tc.value[i]) {
					t.Errorf("entry %d = %s booked %s value %s; want %s %s %s", i, tx.ID, tx.BookingDate.Format(time.DateOnly),
						tx.ValueDate.Format(time.DateOnly), tc.ids[i], tc.booking[i].Format(time.DateOnly), tc.value[i].Format(time.DateOnly))
				}
			}
		})
	}
}
