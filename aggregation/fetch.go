package aggregation

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"openbank/banks"
	"openbank/jobs"
	"openbank/store"
)

// Refetch queues a new fetch of a connection whose consent is ok and valid.
func (s *Service) Refetch(ctx context.Context, clientID string, connectionID int64, fields map[string]string, requestID, groupID string) (*store.Fetch, error) {
	conn, err := s.Store.Connection(ctx, clientID, connectionID)
	if err != nil {
		return nil, err
	}
	if conn.Provider == UploadProvider {
		return nil, ErrNothingToFetch
	}
	if _, err := s.ProviderFor(ctx, clientID, conn.Provider); err != nil {
		return nil, err
	}
	if !consentValid(conn, s.now()) {
		return nil, ErrConsentNotOK
	}
	if err := s.checkAccessLimit(ctx, conn); err != nil {
		return nil, err
	}
	callbackFields := conn.CallbackFields
	if fields != nil {
		if callbackFields, err = encode(fields); err != nil {
			return nil, err
		}
	}
	f := &store.Fetch{ConnectionID: conn.ID, Trigger: "refetch", CallbackFields: callbackFields,
		RequestID: nullString(requestID), GroupID: nullString(groupID)}
	err = s.Store.InTx(ctx, func(tx *store.Tx) error { return tx.QueueFetch(ctx, f, FetchMaxAttempts) })
	return f, err
}

func consentValid(c *store.Connection, now time.Time) bool {
	return c.LastConsentStatus.String == string(banks.ConsentOK) && c.ConsentValidUntil.Valid && c.ConsentValidUntil.Time.After(now)
}

// RunFetch is the job handler of store.FetchJob: it downloads what is new
// since the last fetch and stores it, categorised, in one transaction. Run
// by a pool that counts fetches among its Waiting kinds, only the storing
// holds a work slot (jobs.Work); the wait on the bank holds no work slot,
// database connection or transaction (see fromBank). A fetch that fails
// for the bank or the consent is recorded as failed (with its reason and
// recoverability) and ends the job; only our own failures, and a bank that
// keeps answering "too many requests", retry it.
func (s *Service) RunFetch(ctx context.Context, job *store.Job) error {
	var payload struct {
		FetchID int64 `json:"fetchId"`
	}
	if err := json.Unmarshal(job.Payload, &payload); err != nil {
		return fmt.Errorf("aggregation: fetch payload: %w", err)
	}
	f, src, err := s.Store.BeginFetch(ctx, payload.FetchID, s.now())
	if err != nil {
		return ignoreNotFound(err) // ended already, or the connection was deleted meanwhile
	}
	log := s.log().With("fetch", f.ID, "connection", f.ConnectionID, "trigger", f.Trigger, "attempt", job.Attempts,
		"request_id", f.RequestID.String, "group_id", f.GroupID.String)
	log.InfoContext(ctx, "fetch started", "provider", src.Provider)
	start := time.Now()
	accounts, err := s.download(ctx, src)
	if err == nil {
		err = s.save(ctx, f, src, accounts)
		if errors.Is(err, store.ErrNotFound) {
			return nil // the connection was deleted meanwhile
		}
	}
	took := slog.Int64("duration_ms", time.Since(start).Milliseconds())
	switch {
	case err == nil:
		log.InfoContext(ctx, "fetch succeeded", "accounts", len(accounts), "rows", rowsOf(accounts), took)
		return nil
	case ctx.Err() != nil:
		log.WarnContext(ctx, "fetch interrupted; another attempt runs it", "error", err, took)
		return err
	}
	return s.failFetch(ctx, log.With(took), job, f, err)
}

// rowsOf counts the downloaded transactions.
func rowsOf(accounts []store.AccountData) int {
	n := 0
	for i := range accounts {
		n += len(accounts[i].Transactions)
	}
	return n
}

// save stores a fetch's download with its callback, inside SaveLimit, in
// a work slot. A download with nothing new, for known accounts and without
// a callback to send, is one statement, and takes no slot: it costs the
// database little and its time is mostly the wait for its commit, which
// the slots would otherwise serialise.
func (s *Service) save(ctx context.Context, f *store.Fetch, src *store.FetchSource, accounts []store.AccountData) error {
	if s.SaveLimit > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, s.SaveLimit)
		defer cancel()
	}
	quiet, err := s.quiet(ctx, src, accounts)
	if err != nil {
		return err
	}
	if quiet {
		return s.Store.SaveQuietFetch(ctx, f.ID, f.ConnectionID, s.now(), accounts)
	}
	return jobs.Work(ctx, func() error {
		conn, err := s.Store.ConnectionByID(ctx, f.ConnectionID)
		if err != nil {
			return err
		}
		settings, err := s.Clients.Settings(ctx, conn.ClientID) // before the transaction, which must not ask the pool
		if err != nil {
			return err
		}
		_, err = s.Ingest(ctx, f.ID, conn.ID, accounts, func(tx *store.Tx) error {
			return s.queueFetchCallback(ctx, tx, settings, conn, f, nil)
		})
		return err
	})
}

// quiet reports whether a download brought no transaction and no new
// account, and the client takes no success callback.
func (s *Service) quiet(ctx context.Context, src *store.FetchSource, accounts []store.AccountData) (bool, error) {
	for i := range accounts {
		if _, known := src.Cursors[accounts[i].ProviderAccountID]; !known || len(accounts[i].Transactions) > 0 {
			return false, nil
		}
	}
	settings, err := s.Clients.Settings(ctx, src.ClientID)
	return !settings.Callbacks || settings.SuccessURL == "", err
}

// download asks the provider for the accounts and the transactions newer
// than the connection's cursors.
func (s *Service) download(ctx context.Context, src *store.FetchSource) ([]store.AccountData, error) {
	if src.Status.String != string(banks.ConsentOK) || !src.ValidUntil.Valid {
		return nil, &banks.ConsentError{Reason: "consent status is " + src.Status.String}
	}
	if !src.ValidUntil.Time.After(s.now()) {
		return nil, banks.ErrConsentExpired
	}
	var consent banks.Consent
	if err := json.Unmarshal(src.GrantData, &consent); err != nil {
		return nil, fmt.Errorf("aggregation: consent %d: %w", src.ConsentID.Int64, err)
	}
	return s.fromBank(ctx, src.Provider, consent, src.Cursors)
}

// Download asks a provider for the consent's accounts and, per account, the
// transactions newer than its cursor, in the form the store saves.
func Download(ctx context.Context, p banks.Provider, consent banks.Consent, cursors map[string]string) ([]store.AccountData, error) {
	accounts, err := p.Accounts(ctx, consent)
	if err != nil {
		return nil, err
	}
	out := make([]store.AccountData, 0, len(accounts))
	for _, a := range accounts {
		txs, err := p.Transactions(ctx, consent, a.ID, banks.Query{AfterID: cursors[a.ID]})
		if err != nil {
			return nil, err
		}
		data := store.AccountData{ProviderAccountID: a.ID, IBAN: a.IBAN, Name: a.Name, Type: string(a.Type),
			Currency: a.Currency, Balance: a.Balance, Available: a.Available, CreditLimit: a.Limit, Cursor: cursors[a.ID]}
		data.Transactions = make([]store.TransactionData, len(txs))
		for i, t := range txs {
			data.Transactions[i] = transactionData(t)
			data.Cursor = max(data.Cursor, t.ID)
		}
		out = append(out, data)
	}
	return out, nil
}

func transactionData(t banks.Transaction) store.TransactionData {
	d := store.TransactionData{
		ProviderID: t.ID, Status: string(t.Status), TransactionDate: t.TransactionDate, Amount: t.Amount,
		Currency: t.Currency, Method: string(t.Method), Description: t.Description, Counterparty: t.Counterparty,
		CounterpartyAccount: t.CounterpartyAccount, Reference: t.Reference, ReplacesProviderID: t.PendingID,
	}
	if t.Status == banks.Booked {
		booking, value, balance := t.BookingDate, t.ValueDate, t.BalanceAfter
		d.BookingDate, d.ValueDate, d.BalanceAfter = &booking, &value, &balance
	}
	return d
}

// failFetch records a failed fetch and sends the failure callback. A
// failure of ours retries the job, and fails the fetch as internal only on
// the job's last attempt.
func (s *Service) failFetch(ctx context.Context, log *slog.Logger, job *store.Job, f *store.Fetch, cause error) error {
	var ce *banks.ConsentError
	var pe *banks.ProviderError
	if !errors.As(cause, &ce) && !errors.As(cause, &pe) && job.Attempts < job.MaxAttempts {
		log.WarnContext(ctx, "fetch attempt failed; the job retries it", "error", cause)
		if hint, throttled := banks.Throttled(cause); throttled {
			return jobs.RetryAfter(cause, hint)
		}
		return cause
	}
	conn, err := s.Store.ConnectionByID(ctx, f.ConnectionID)
	if err != nil {
		return ignoreNotFound(err) // the connection was deleted meanwhile
	}
	settings, err := s.Clients.Settings(ctx, conn.ClientID) // before the transaction, which must not ask the pool
	if err != nil {
		return err
	}
	why := failureOf(cause)
	log.InfoContext(ctx, "fetch failed", "error_code", why.Code, "reason", why.Reason, "recoverable", why.Recoverable)
	return s.Store.FailFetch(ctx, f.ID, s.now(), why, func(tx *store.Tx) error {
		return s.queueFetchCallback(ctx, tx, settings, conn, f, cause)
	})
}

// The fetch error codes, documented in docs/aggregation.md.
const (
	FetchConsentExpired  = "consentExpired"  // the bank's consent ended: reconnect
	FetchConsentRevoked  = "consentRevoked"  // the subject or the bank withdrew it: reconnect
	FetchConsentInvalid  = "consentInvalid"  // any other consent problem: reconnect
	FetchBankUnavailable = "bankUnavailable" // the bank did not answer: refetch later
	FetchBankMaintenance = "bankMaintenance" // the bank said it is in maintenance: refetch later
	FetchBankError       = "bankError"       // any other refusal by the bank
	FetchInternal        = "internal"        // ours, after every retry failed
)

// failureOf names a fetch failure's code, text and recoverability.
func failureOf(err error) store.FetchFailure {
	why := store.FetchFailure{Code: FetchInternal, Reason: "internal error", Recoverable: banks.Recoverable(err)}
	var ce *banks.ConsentError
	var pe *banks.ProviderError
	switch {
	case errors.As(err, &ce):
		why.Reason, why.Code = "consent: "+ce.Reason, FetchConsentInvalid
	case errors.As(err, &pe):
		why.Reason, why.Code = "provider: "+pe.Reason, FetchBankError
	}
	if _, throttled := banks.Throttled(err); throttled {
		why.Reason, why.Code = "provider: too many requests", FetchBankUnavailable
	}
	for _, known := range []struct {
		err  error
		code string
	}{
		{banks.ErrConsentExpired, FetchConsentExpired}, {banks.ErrConsentRevoked, FetchConsentRevoked},
		{banks.ErrProviderUnavailable, FetchBankUnavailable}, {banks.ErrMaintenance, FetchBankMaintenance},
	} {
		if errors.Is(err, known.err) {
			why.Code = known.code
		}
	}
	return why
}

func ignoreNotFound(err error) error {
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	return err
}

func sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
