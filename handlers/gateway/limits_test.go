package gateway_test

import (
	"fmt"
	"sync"
	"testing"

	"openbank/handlers/fault"
)

// TestLimitsHoldUnderConcurrentCreates sends 100 creates at once against a
// limit of 10, for showcases, reminders and consents: exactly 10 succeed.
func TestLimitsHoldUnderConcurrentCreates(t *testing.T) {
	t.Parallel()
	creates := []struct {
		name string
		req  func(i int) (path, body string)
	}{
		{"showcases", func(i int) (string, string) {
			return "/showcases", fmt.Sprintf(`{"name":"c%d","validTo":"2030-01-01T00:00:00Z"}`, i)
		}},
		{"reminders", func(i int) (string, string) {
			return "/showcases/target/reminders", fmt.Sprintf(`{"relevance":%d,"selectableTextIdx":1}`, i)
		}},
		{"consents", func(i int) (string, string) {
			return "/consents", fmt.Sprintf(`{"showcase":"target","username":"user%d","consentLevel":"READ_ONLY"}`, i)
		}},
	}
	for _, tt := range creates {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			a := newAPI(t, limits(10))
			if tt.name != "showcases" {
				a.showcase("owner", "target")
			}
			var mu sync.Mutex
			got := map[int]int{}
			var wg sync.WaitGroup
			for i := range 100 {
				wg.Go(func() {
					path, body := tt.req(i)
					r := a.do("owner", "POST", path, body)
					if r.Status == 409 && r.code() != fault.CodeLimit {
						t.Errorf("409 with code %d", r.code())
					}
					mu.Lock()
					got[r.Status]++
					mu.Unlock()
				})
			}
			wg.Wait()
			if got[201] != 10 || got[409] != 90 {
				t.Fatalf("statuses %v, want 10 × 201 and 90 × 409", got)
			}
		})
	}
}
