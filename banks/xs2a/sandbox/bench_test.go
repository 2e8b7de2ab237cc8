package sandbox_test

import (
	"context"
	"net/http/httptest"
	"testing"
	"time"

	"openbank/banks"
	"openbank/banks/xs2a"
	"openbank/banks/xs2a/sandbox"
)

// BenchmarkFirstFetch compares a connection's first fetch (every account,
// its whole history) from the in-process mock bank and through the
// connector and the sandbox over loopback TLS, each with a new seed.
func BenchmarkFirstFetch(b *testing.B) {
	now := func() time.Time { return testNow }
	b.Run("in-process", func(b *testing.B) {
		mock, _ := banks.NewMock(banks.ConsumerMultiAccount, banks.Options{Now: now})
		for i := 0; b.Loop(); i++ {
			c := banks.Consent{Bank: banks.ConsumerMultiAccount, Status: banks.ConsentOK, Seed: int64(i + 1),
				Scenario: banks.ScenarioNormal, GrantedAt: testNow, ValidUntil: testNow.AddDate(0, 3, 0)}
			fetchAll(b, mock, c)
		}
	})
	b.Run("sandbox", func(b *testing.B) {
		certs, err := sandbox.GenerateCertificates(b.TempDir(), "127.0.0.1")
		if err != nil {
			b.Fatal(err)
		}
		aspsp := sandbox.New(sandbox.Options{Now: now})
		srv := httptest.NewUnstartedServer(aspsp.Handler())
		srv.TLS, _ = sandbox.TLSConfig(certs)
		srv.StartTLS()
		defer srv.Close()
		f := &fixture{srv: srv, aspsp: aspsp, certs: certs, now: testNow}
		conn := f.connector(b, banks.ConsumerMultiAccount, xs2a.Quirks{})
		for i := 0; b.Loop(); i++ {
			b.StopTimer()
			consent := f.connect(b, conn, "user", int64(i+1))
			b.StartTimer()
			fetchAll(b, conn, consent)
		}
	})
}

func fetchAll(b *testing.B, p banks.Provider, c banks.Consent) {
	ctx := context.Background()
	accounts, err := p.Accounts(ctx, c)
	if err != nil {
		b.Fatal(err)
	}
	for _, a := range accounts {
		if _, err := p.Transactions(ctx, c, a.ID, banks.Query{}); err != nil {
			b.Fatal(err)
		}
	}
}
