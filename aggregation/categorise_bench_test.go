package aggregation_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"

	"openbank/aggregation"
	"openbank/banks"
	"openbank/store"
	"openbank/store/storetest"
)

// BenchmarkIngestLarge stores the "large" test user's download as a first
// fetch of a new connection does, categoriser and all; rows/s is per
// wall-clock second.
func BenchmarkIngestLarge(b *testing.B) {
	ctx := context.Background()
	st := store.New(storetest.NewDB(b))
	c, err := aggregation.NewInsight(st)
	if err != nil {
		b.Fatal(err)
	}
	svc := &aggregation.Service{Store: st, Categoriser: c, Clock: time.Now}
	data, rows := largeDownload(b)
	b.ReportAllocs()
	for b.Loop() {
		conn := &store.Connection{ClientID: "client-a", SubjectID: uuid.NewString(), Provider: banks.ConsumerMultiAccount,
			Access: aggregation.OneTime, CallbackFields: []byte("{}"), RequestID: uuid.NewString()}
		fetch := &store.Fetch{Trigger: "connect", CallbackFields: []byte("{}")}
		err := st.InTx(ctx, func(tx *store.Tx) error {
			if err := tx.InsertConnection(ctx, conn); err != nil {
				return err
			}
			fetch.ConnectionID = conn.ID
			return tx.QueueFetch(ctx, fetch, aggregation.FetchMaxAttempts)
		})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := svc.Ingest(ctx, fetch.ID, conn.ID, data, func(*store.Tx) error { return nil }); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(rows*b.N)/b.Elapsed().Seconds(), "rows/s")
}

// largeDownload is the "large" test user's download from Consumer
// Multi-Account and its number of transactions.
func largeDownload(b *testing.B) ([]store.AccountData, int) {
	ctx := context.Background()
	p, err := banks.NewMock(banks.ConsumerMultiAccount, banks.Options{})
	if err != nil {
		b.Fatal(err)
	}
	auth, err := p.StartSCA(ctx, banks.ConsentRequest{Seed: 7})
	if err != nil {
		b.Fatal(err)
	}
	consent, err := p.CompleteSCA(ctx, auth, banks.Credentials{Username: "large", Password: banks.TestPassword})
	if err != nil {
		b.Fatal(err)
	}
	data, err := aggregation.Download(ctx, p, consent, map[string]string{})
	if err != nil {
		b.Fatal(err)
	}
	rows := 0
	for _, a := range data {
		rows += len(a.Transactions)
	}
	return data, rows
}
