package banks

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
	"time"
)

func TestExportIsByteIdentical(t *testing.T) {
	t.Parallel()
	for _, code := range allCodes() {
		for _, format := range []string{"csv", "json"} {
			var a, b, other bytes.Buffer
			if err := Export(&a, code, 7, format, testNow); err != nil {
				t.Fatal(err)
			}
			Export(&b, code, 7, format, testNow)
			Export(&other, code, 8, format, testNow)
			if !bytes.Equal(a.Bytes(), b.Bytes()) {
				t.Errorf("%s %s: two exports of seed 7 differ", code, format)
			}
			if bytes.Equal(a.Bytes(), other.Bytes()) {
				t.Errorf("%s %s: seeds 7 and 8 give the same export", code, format)
			}
		}
	}
}

func TestExportErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		code, format string
		want         error
	}{
		{"nope", "csv", ErrUnknownBank},
		{"consumer-low-risk", "xml", ErrExportFormat},
	}
	for _, tt := range tests {
		if err := Export(&bytes.Buffer{}, tt.code, 1, tt.format, testNow); err != tt.want {
			t.Errorf("Export(%s, %s) = %v, want %v", tt.code, tt.format, err, tt.want)
		}
	}
}

// TestLaterClockExtendsHistory checks that moving the clock forward only adds:
// the booked history at an earlier clock is a strict prefix of the later one,
// and every pending payment is still pending or has booked under a new id.
func TestLaterClockExtendsHistory(t *testing.T) {
	t.Parallel()
	clocks := []time.Time{testNow.AddDate(0, -3, 0), testNow.AddDate(0, 0, -9), testNow.Add(-36 * time.Hour), testNow}
	for _, code := range allCodes() {
		for i := 1; i < len(clocks); i++ {
			early, late := run(t, code, 11, ScenarioNormal, clocks[i-1]), run(t, code, 11, ScenarioNormal, clocks[i])
			for a := range early {
				e, l := early[a], late[a]
				if e.account.ID != l.account.ID || e.opening != l.opening {
					t.Fatalf("%s: account %d changed identity", code, a)
				}
				if len(l.booked) < len(e.booked) || !reflect.DeepEqual(e.booked, l.booked[:len(e.booked)]) {
					t.Errorf("%s account %d: history at %s is not a prefix of %s", code, a, clocks[i-1], clocks[i])
				}
				if grew := len(l.booked) > len(e.booked); !grew && clocks[i].Sub(clocks[i-1]) > 7*24*time.Hour && e.account.Type == Current {
					t.Errorf("%s account %d: nothing new between %s and %s", code, a, clocks[i-1], clocks[i])
				}
				checkPendingCarriedOver(t, code, e, l)
			}
		}
	}
}

func checkPendingCarriedOver(t *testing.T, code string, early, late history) {
	t.Helper()
	seen := map[string]bool{}
	for _, p := range late.pending {
		seen[p.ID] = true
	}
	for _, b := range late.booked {
		seen[b.PendingID] = true
	}
	for _, p := range early.pending {
		if !seen[p.ID] {
			t.Errorf("%s: pending %s vanished without booking", code, p.ID)
		}
	}
}

func TestExportJSONCarriesTrueCategory(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	if err := Export(&buf, ConsumerHighRisk, 7, "json", testNow); err != nil {
		t.Fatal(err)
	}
	var file exportFile
	if err := json.Unmarshal(buf.Bytes(), &file); err != nil {
		t.Fatal(err)
	}
	if len(file.Accounts) != 1 || len(file.Accounts[0].Transactions) < 1000 {
		t.Fatalf("export has %d accounts", len(file.Accounts))
	}
	for _, r := range file.Accounts[0].Transactions {
		if r.TrueCategory == "" {
			t.Fatalf("transaction %s has no true category", r.ID)
		}
	}
	if b, _ := json.Marshal(Transaction{TrueCategory: "gambling"}); bytes.Contains(b, []byte("gambling")) {
		t.Error("Transaction's JSON must not carry the true category")
	}
}
