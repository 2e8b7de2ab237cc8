package oauth

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/go-jose/go-jose/v4"

	"openbank/oauth/dpop"
	"openbank/store"
	"openbank/store/storetest"
)

// Requests that bring the same jti at the same moment land in one batch:
// exactly one of them wins, the others are refused as replays, and the
// batch is one statement. The batch gathers while the one write allowed
// is held.
func TestSeenBatchSameKeyOneWinner(t *testing.T) {
	t.Parallel()
	db := storetest.NewStore(t)
	var sizes []int
	var mu sync.Mutex
	hold := make(chan struct{})
	write := func(ctx context.Context, v []store.Once) (map[string]bool, error) {
		mu.Lock()
		sizes = append(sizes, len(v))
		first := len(sizes) == 1
		mu.Unlock()
		if first {
			<-hold
		}
		return db.SeeEach(ctx, v)
	}
	b := startBatcher(t, write, 1)
	exp := time.Now().Add(time.Minute)
	var wg sync.WaitGroup
	wg.Go(func() {
		if err := b.see(context.Background(), "dpop:k:first", exp); err != nil {
			t.Errorf("the first jti: %v", err)
		}
	})
	time.Sleep(20 * time.Millisecond) // the first batch is being written
	const n = 16
	errs := make([]error, n)
	for i := range n {
		wg.Go(func() { errs[i] = b.see(context.Background(), "dpop:k:same", exp) })
	}
	wg.Go(func() {
		if err := b.see(context.Background(), "dpop:k:other", exp); err != nil {
			t.Errorf("another jti in the same batch: %v", err)
		}
	})
	time.Sleep(100 * time.Millisecond) // they gather behind it
	close(hold)
	wg.Wait()
	won := 0
	for _, err := range errs {
		switch {
		case err == nil:
			won++
		case !isConflict(err):
			t.Errorf("a loser got %v, want a conflict", err)
		}
	}
	if won != 1 {
		t.Fatalf("%d requests with the same jti won, want 1", won)
	}
	if want := []int{1, n + 1}; !slices.Equal(sizes, want) {
		t.Fatalf("batches of %v, want %v", sizes, want)
	}
	if err := b.see(context.Background(), "dpop:k:same", exp); !isConflict(err) {
		t.Fatalf("a later replay: %v, want a conflict", err)
	}
}

// A lone request is written at once, without waiting for company.
func TestSeenBatchLoneRequestIsNotHeld(t *testing.T) {
	t.Parallel()
	var calls atomic.Int32
	b := startBatcher(t, func(_ context.Context, v []store.Once) (map[string]bool, error) {
		calls.Add(1)
		return map[string]bool{v[0].Key: true}, nil
	}, seenFlushes)
	for i := range 50 {
		if err := b.see(context.Background(), "k"+strconv.Itoa(i), time.Now()); err != nil {
			t.Fatal(err)
		}
	}
	if got := calls.Load(); got != 50 {
		t.Fatalf("%d writes for 50 requests one after the other, want 50", got)
	}
}

// A jti recorded by one instance is refused by another sharing the
// database, each with its own batcher.
func TestSeenBatchAcrossInstances(t *testing.T) {
	t.Parallel()
	url := storetest.NewURL(t)
	a, b := sharedServer(t, url, false), sharedServer(t, url, false)
	exp := time.Now().Add(time.Minute)
	if err := a.seen.see(context.Background(), "dpop:k:j1", exp); err != nil {
		t.Fatal(err)
	}
	if err := b.seen.see(context.Background(), "dpop:k:j1", exp); !isConflict(err) {
		t.Fatalf("the second instance: %v, want a conflict", err)
	}
	if err := b.seen.see(context.Background(), "dpop:k:j2", exp); err != nil {
		t.Fatalf("a fresh jti on the second instance: %v", err)
	}
}

// When the batch cannot be written, every request of it is refused with
// the database's error, never let through.
func TestSeenBatchWriteErrorRefusesAll(t *testing.T) {
	t.Parallel()
	failure := errors.New("connection reset")
	b := startBatcher(t, func(context.Context, []store.Once) (map[string]bool, error) { return nil, failure },
		seenFlushes)
	var wg sync.WaitGroup
	for _, key := range []string{"a", "b", "c"} {
		wg.Go(func() {
			if err := b.see(context.Background(), key, time.Now().Add(time.Minute)); !errors.Is(err, failure) {
				t.Errorf("see(%q) = %v, want the write's error", key, err)
			}
		})
	}
	wg.Wait()
}

// A stopped batcher refuses, and a waiter whose context ends is answered
// with its context's error.
func TestSeenBatchStopAndCancel(t *testing.T) {
	t.Parallel()
	block := make(chan struct{})
	b := newSeenBatcher(func(ctx context.Context, v []store.Once) (map[string]bool, error) {
		<-block
		return map[string]bool{v[0].Key: true}, nil
	}, 8, 1)
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { b.run(ctx); close(done) }()
	waitCtx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if err := b.see(waitCtx, "k", time.Now()); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("see with a blocked write = %v, want the deadline", err)
	}
	stop()
	close(block)
	<-done
	if err := b.see(context.Background(), "k2", time.Now()); !errors.Is(err, errSeenStopped) {
		t.Fatalf("see after the stop = %v, want errSeenStopped", err)
	}
}

// A DPoP-bound call whose jti cannot be recorded (the database is gone) is
// refused with a server error, not let through.
func TestCheckProofRefusedWhenTheDatabaseFails(t *testing.T) {
	t.Parallel()
	st, err := store.Open(context.Background(), storetest.NewURL(t), store.PoolOptions{MaxOpen: 2})
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(context.Background(), st, Config{Issuer: "https://issuer.test", AccessTokenTTL: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	const u = "https://issuer.test/gateway/v1.1.0/showcases"
	proof := func(jti string) string {
		opts := (&jose.SignerOptions{}).WithType("dpop+jwt").WithHeader("jwk", jose.JSONWebKey{Key: &key.PublicKey})
		signer, err := jose.NewSigner(jose.SigningKey{Algorithm: jose.ES256, Key: key}, opts)
		if err != nil {
			t.Fatal(err)
		}
		payload, _ := json.Marshal(map[string]any{"jti": jti, "htm": "GET", "htu": u, "iat": time.Now().Unix(),
			"ath": dpop.TokenHash("tok")})
		jws, err := signer.Sign(payload)
		if err != nil {
			t.Fatal(err)
		}
		out, _ := jws.CompactSerialize()
		return out
	}
	req := func(jti string) ProofRequest {
		return ProofRequest{Proof: proof(jti), Method: "GET", URL: u, AccessToken: "tok"}
	}
	if _, perr := s.CheckProof(context.Background(), req("j1")); perr != nil {
		t.Fatalf("a fresh proof: %v", perr)
	}
	if _, perr := s.CheckProof(context.Background(), req("j1")); perr == nil || perr.Status != http.StatusBadRequest {
		t.Fatalf("a replayed proof: %v, want a refusal", perr)
	}
	_ = st.Close()
	_, perr := s.CheckProof(context.Background(), req("j2"))
	if perr == nil || perr.Status < http.StatusInternalServerError {
		t.Fatalf("with the database closed: %v, want a server error", perr)
	}
}

// startBatcher runs a batcher with write and flushes writes at a time
// until the test ends.
func startBatcher(t *testing.T, write seeEach, flushes int) *seenBatcher {
	t.Helper()
	b := newSeenBatcher(write, seenBatchMax, flushes)
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { b.run(ctx); close(done) }()
	t.Cleanup(func() { stop(); <-done })
	return b
}
