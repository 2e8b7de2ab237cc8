package aggregation_test

import (
	"context"
	"encoding/json"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"openbank/aggregation"
	"openbank/banks"
	"openbank/jobs"
	"openbank/store"
)

// appBank is the embedded mock bank offered with the decoupled approach:
// a customer ID starts an approval request in the bank's app, which the
// test answers; until then the bank answers ErrApprovalPending.
type appBank struct {
	banks.Provider
	mu     sync.Mutex
	answer banks.ConsentStatus // "" while the subject has not answered
	asked  int                 // questions without a customer ID
}

func (b *appBank) Info() banks.Info {
	info := b.Provider.Info()
	info.Decoupled = true
	return info
}

func (b *appBank) CompleteSCA(ctx context.Context, auth banks.Authorisation, cred banks.Credentials) (banks.Consent, error) {
	b.mu.Lock()
	answer := b.answer
	if cred.Username == "" {
		b.asked++
	}
	b.mu.Unlock()
	switch {
	case cred.Username != "" || (auth.Challenge != "" && answer == ""):
		return banks.Consent{Status: banks.ConsentNew, Challenge: "app-request-1"}, banks.ErrApprovalPending
	case auth.Challenge == "":
		return banks.Consent{}, banks.ErrInvalidCredentials
	case answer == banks.ConsentOK:
		auth.Challenge = ""
		return b.Provider.CompleteSCA(ctx, auth, banks.Credentials{Username: "user", Password: banks.TestPassword})
	}
	return banks.Consent{Bank: auth.Bank, Status: answer}, nil
}

func (b *appBank) decide(s banks.ConsentStatus) { b.mu.Lock(); b.answer = s; b.mu.Unlock() }

func (b *appBank) questions() int { b.mu.Lock(); defer b.mu.Unlock(); return b.asked }

// TestApprovalJobSettlesAnAPIConnection connects a decoupled bank through
// the API: the server asks the bank again by itself until the subject
// approves (the consent is ok and the first fetch runs), denies (it
// fails), or the policy's window ends (abandoned: it stays new). An SCA
// step while the bank waits is ErrAwaitingApproval, and the snoozes of
// the job count as no failed attempt.
func TestApprovalJobSettlesAnAPIConnection(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name    string
		answer  banks.ConsentStatus // "": none, the window ends
		consent string
		fetched bool
	}{
		{"approved", banks.ConsentOK, "ok", true},
		{"denied", banks.ConsentFail, "fail", false},
		{"no answer in time", "", "new", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			f, bank := newAppFixture(t)
			ctx := context.Background()
			res, err := f.svc.Connect(ctx, aggregation.ConnectRequest{ClientID: "client-a", SubjectID: "42",
				Provider: banks.EmbeddedScenario, Access: aggregation.Recurring,
				Credentials: &banks.Credentials{Username: "user"}, RequestID: uuid.NewString()})
			if err != nil || res.Connection.LastConsentStatus.String != "new" {
				t.Fatalf("connect: %v %+v", err, res)
			}
			id := res.Connection.ID
			if _, err := f.svc.CompleteSCA(ctx, "client-a", id, banks.Credentials{OneTimeCode: "123456"}); !errors.Is(err, aggregation.ErrAwaitingApproval) {
				t.Fatalf("an SCA step while the bank waits: %v", err)
			}
			f.work(t)
			waitFor(t, func() bool { return bank.questions() >= 3 })
			if tc.answer == "" {
				f.clock.Advance(aggregation.DefaultApprovalPolicy.Window)
			} else {
				bank.decide(tc.answer)
			}
			waitFor(t, func() bool {
				k, err := f.db.LatestBankConsent(ctx, id)
				return err == nil && k.CompletedAt.Valid
			})
			k, _ := f.db.LatestBankConsent(ctx, id)
			if k.Status != tc.consent {
				t.Fatalf("consent %s, want %s", k.Status, tc.consent)
			}
			waitFor(t, func() bool { return f.approvalJob(t).State == "done" })
			if j := f.approvalJob(t); j.Attempts != 1 || j.LastError.Valid {
				t.Errorf("the approval job failed on the way: %+v", j)
			}
			if !tc.fetched {
				if list, _ := f.db.Fetches(ctx, "client-a", id, 10); len(list) != 0 {
					t.Errorf("fetches after a consent %s: %+v", tc.consent, list)
				}
				return
			}
			waitFor(t, func() bool {
				list, _ := f.db.Fetches(ctx, "client-a", id, 10)
				return len(list) == 1 && list[0].Status == "succeeded" && list[0].Trigger == "connect"
			})
		})
	}
}

// TestWidgetApprovalQueuesNoJob: the widget asks the bank itself while
// the subject waits on its page, so its SCAs queue no approval job.
func TestWidgetApprovalQueuesNoJob(t *testing.T) {
	t.Parallel()
	f, _ := newAppFixture(t)
	ctx := context.Background()
	sca, err := f.svc.StartSCA(ctx, &store.Connection{ClientID: "client-a", SubjectID: "42", Provider: banks.EmbeddedScenario,
		Access: aggregation.Recurring, CallbackFields: json.RawMessage(`{}`), RequestID: uuid.NewString()}, "connect", "")
	if err != nil {
		t.Fatal(err)
	}
	sca.AskAgain = true
	if _, err := f.svc.FinishSCA(ctx, sca, banks.Credentials{Username: "user"}); err != nil || !sca.ApprovalPending {
		t.Fatalf("finish: %v pending=%v", err, sca.ApprovalPending)
	}
	var n int
	f.raw.Get(&n, `SELECT count(*) FROM jobs WHERE kind = $1`, aggregation.ApprovalJob)
	if n != 0 {
		t.Fatalf("%d approval jobs for a widget's SCA", n)
	}
}

// newAppFixture is a fixture whose embedded bank is an appBank, asked
// again every few milliseconds.
func newAppFixture(t *testing.T) (*fixture, *appBank) {
	t.Helper()
	f := newFixture(t, aggregation.ClientSettings{})
	mock, err := f.svc.Banks.Bank(banks.EmbeddedScenario)
	if err != nil {
		t.Fatal(err)
	}
	bank := &appBank{Provider: mock}
	f.svc.Banks = banks.NewRegistry(bank)
	f.svc.Approvals = aggregation.ApprovalPolicy{First: 10 * time.Millisecond, Max: 20 * time.Millisecond,
		Window: aggregation.DefaultApprovalPolicy.Window}
	return f, bank
}

// work runs the service's approval and fetch jobs in a pool until the
// test ends.
func (f *fixture) work(t *testing.T) {
	t.Helper()
	all := f.svc.Handlers()
	handlers := map[string]jobs.Handler{aggregation.ApprovalJob: all[aggregation.ApprovalJob], store.FetchJob: all[store.FetchJob]}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		jobs.NewPool(f.queue, handlers, jobs.Options{Workers: 2, PollInterval: 10 * time.Millisecond}).Run(ctx)
	}()
	t.Cleanup(func() { cancel(); <-done })
}

// approvalJob is the fixture's one approval job.
func (f *fixture) approvalJob(t *testing.T) *store.Job {
	t.Helper()
	var id int64
	if err := f.raw.Get(&id, `SELECT id FROM jobs WHERE kind = $1`, aggregation.ApprovalJob); err != nil {
		t.Fatal(err)
	}
	j, err := f.queue.Job(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return j
}

// waitFor waits up to 10 s for cond.
func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatal("condition not met in time")
}
