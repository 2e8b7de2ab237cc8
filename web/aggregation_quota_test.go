package web

import (
	"fmt"
	"net/http"
	"sync"
	"testing"

	"openbank/banks"
	"openbank/oauth"
	"openbank/store"
)

// connectEmbedded creates a connection of subject at the embedded bank
// without waiting for its fetch and returns the status and body.
func connectEmbedded(a *aggClient, subject string) (int, map[string]any) {
	return a.call("POST", "/connections", map[string]any{"subjectId": subject, "provider": banks.EmbeddedScenario,
		"credentials": map[string]string{"username": "user", "password": banks.TestPassword}})
}

// refusedByQuota reports whether an answer is the quota's 409 with 4091.
func refusedByQuota(code int, body map[string]any) bool {
	f, _ := body["fault"].(map[string]any)
	return code == http.StatusConflict && f != nil && f["code"] == float64(4091)
}

// TestQuotasBoundConnectionsAndWidgetLinks: a subject's connections and
// open widget links and a client's connections stop at the client's
// quotas with 409 and fault.code 4091; deleting a connection makes room;
// another client keeps the server's defaults.
func TestQuotasBoundConnectionsAndWidgetLinks(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	a, _ := newAggClient(t, in, oauth.ClientSpec{Products: []string{oauth.ProductWidget}, ReturnOrigins: []string{"https://app.example"},
		Quotas: store.ClientQuotas{MaxSubjectConnections: 2, MaxSubjectWidgets: 2, MaxConnections: 3}})
	other, _ := newAggClient(t, in, oauth.ClientSpec{})

	var first map[string]any
	for i := range 2 {
		code, body := connectEmbedded(a, "s-1")
		if code != http.StatusCreated {
			t.Fatalf("connection %d of s-1: %d %v", i+1, code, body)
		}
		first = body
	}
	if code, body := connectEmbedded(a, "s-1"); !refusedByQuota(code, body) {
		t.Fatalf("third connection of s-1: %d %v, want 409 4091", code, body)
	}
	if code, body := connectEmbedded(a, "s-2"); code != http.StatusCreated {
		t.Fatalf("connection of s-2: %d %v", code, body)
	}
	if code, body := connectEmbedded(a, "s-3"); !refusedByQuota(code, body) {
		t.Fatalf("fourth connection of the client: %d %v, want 409 4091", code, body)
	}
	if code, body := a.call("DELETE", fmt.Sprintf("/connections/%v", first["id"]), nil); code != http.StatusNoContent {
		t.Fatalf("delete: %d %v", code, body)
	}
	if code, body := connectEmbedded(a, "s-1"); code != http.StatusCreated {
		t.Fatalf("connection of s-1 after a deletion: %d %v", code, body)
	}
	for i := range 3 {
		if code, body := connectEmbedded(other, "s-1"); code != http.StatusCreated {
			t.Fatalf("connection %d of another client's s-1: %d %v", i+1, code, body)
		}
	}

	widget := map[string]any{"subjectId": "s-9", "countryCodes": []string{"XF"}, "returnTo": "https://app.example/done"}
	for i := range 2 {
		if code, body := a.call("POST", "/widget/connect", widget); code != http.StatusCreated {
			t.Fatalf("widget link %d: %d %v", i+1, code, body)
		}
	}
	if code, body := a.call("POST", "/widget/connect", widget); !refusedByQuota(code, body) {
		t.Fatalf("third open widget link: %d %v, want 409 4091", code, body)
	}
	in.db.MustExec(`UPDATE widgets SET expired_at = now() - interval '1 second' WHERE subject_id = 's-9'`)
	if code, body := a.call("POST", "/widget/connect", widget); code != http.StatusCreated {
		t.Fatalf("widget link after the others expired: %d %v", code, body)
	}
}

// TestUploadConnectionsCountTowardsTheQuota: an upload that would create a
// connection beyond the subject's quota is refused with 409 and 4091; one
// into the subject's existing upload connection is not.
func TestUploadConnectionsCountTowardsTheQuota(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	const file = "date,amount,description\n2026-01-02,-3.20,COFFEE\n"
	a, _ := newAggClient(t, in, oauth.ClientSpec{Products: []string{oauth.ProductUpload},
		Quotas: store.ClientQuotas{MaxSubjectConnections: 1}})
	code, up := a.upload("subjectId=s&kind=consumer", "text/csv", file)
	if code != http.StatusCreated {
		t.Fatalf("first upload: %d %v", code, up)
	}
	if code, body := a.upload("subjectId=s&kind=consumer", "text/csv", file); !refusedByQuota(code, body) {
		t.Fatalf("second upload connection: %d %v, want 409 4091", code, body)
	}
	id := up["connection"].(map[string]any)["id"]
	if code, body := a.upload(fmt.Sprintf("subjectId=s&kind=consumer&connectionId=%.0f", id), "text/csv", file); code != http.StatusCreated {
		t.Fatalf("upload into the existing connection: %d %v", code, body)
	}
}

// TestConnectionQuotaHoldsUnderConcurrentCreates: connections created at
// once for one subject never pass its quota.
func TestConnectionQuotaHoldsUnderConcurrentCreates(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	a, cl := newAggClient(t, in, oauth.ClientSpec{Quotas: store.ClientQuotas{MaxSubjectConnections: 3}})
	var wg sync.WaitGroup
	var mu sync.Mutex
	codes := map[int]int{}
	for range 10 {
		wg.Go(func() {
			code, _ := connectEmbedded(a, "s-1")
			mu.Lock()
			codes[code]++
			mu.Unlock()
		})
	}
	wg.Wait()
	var n int
	if err := in.db.Get(&n, `SELECT count(*) FROM connections WHERE client_id = $1`, cl.id); err != nil {
		t.Fatal(err)
	}
	if n != 3 || codes[http.StatusCreated] != 3 || codes[http.StatusConflict] != 7 {
		t.Fatalf("%d connections stored, answers %v; want 3 created and 7 refused", n, codes)
	}
}
