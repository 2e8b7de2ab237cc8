package sandbox_test

import (
	"context"
	"net/http"
	"sync/atomic"
	"testing"

	"openbank/banks"
	"openbank/banks/xs2a"
	"openbank/banks/xs2a/sandbox"
)

// TestConnectorResumesTLSSessions: after the bank closes its connections,
// the connector's next one resumes the earlier TLS session (with its
// client certificate) instead of a full handshake.
func TestConnectorResumesTLSSessions(t *testing.T) {
	var resumed, fresh atomic.Int64
	f := start(t, sandbox.Behaviour{}, func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.TLS != nil && r.TLS.DidResume {
				resumed.Add(1)
			} else {
				fresh.Add(1)
			}
			next.ServeHTTP(w, r)
		})
	})
	conn := f.connector(t, banks.ConsumerMultiAccount, xs2a.Quirks{})
	consent := f.connect(t, conn, "user", 3)
	if _, err := conn.Accounts(context.Background(), consent); err != nil {
		t.Fatal(err)
	}
	f.srv.CloseClientConnections()
	resumed.Store(0)
	if _, err := conn.Accounts(context.Background(), consent); err != nil {
		t.Fatal(err)
	}
	if resumed.Load() == 0 {
		t.Fatalf("no request came on a resumed session (%d on full handshakes)", fresh.Load())
	}
}
