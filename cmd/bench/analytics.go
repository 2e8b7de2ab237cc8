package main

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"openbank/aggregation"
	"openbank/banks"
)

// The subject whose analytics are measured: the Consumer Multi-Account
// bank's customer, three accounts with about two years of history.
const (
	analyticsSubject = "bench-analytics"
	analyticsPath    = "/aggregation/v3.12.0/subjects/" + analyticsSubject + "/analytics"
	analyticsStored  = "GET /subjects/{id}/analytics, stored"
)

// analyticsOperations measure a subject's analytics computed within the
// request (the stored result is deleted before each one, outside the
// timing) and read back from the store.
func (b *bench) analyticsOperations() []operation {
	return []operation{
		{name: analyticsStored, reference: refSelect, request: b.analytics(false), status: 200, conns: 1,
			setup: b.seedAnalyticsSubject},
		{name: "GET /subjects/{id}/analytics, computed, 3 accounts × 24 months", reference: analyticsStored,
			request: b.analytics(true), status: 200, conns: 1, goal: goal{maxP50: 50 * time.Millisecond}},
	}
}

// analytics asks for the bench subject's analytics; fresh forgets the
// stored result first, so that the request computes it.
func (b *bench) analytics(fresh bool) func(int, int) *http.Request {
	return func(int, int) *http.Request {
		if fresh {
			if _, err := b.db.Exec(`DELETE FROM results WHERE subject_id = $1`, analyticsSubject); err != nil {
				fmt.Fprintln(os.Stderr, "bench: forget results:", err)
			}
		}
		req, _ := http.NewRequest(http.MethodGet, b.base+analyticsPath, nil)
		req.Header.Set("X-Request-Id", uuid.NewString())
		return b.authed(req)
	}
}

// seedAnalyticsSubject stores the Consumer Multi-Account bank's customer
// as a fetched connection of the bench client.
func (b *bench) seedAnalyticsSubject() error {
	return seedPersonaSubject(context.Background(), b.db, analyticsSubject, analyticsRows)
}

// seedPersonaSubject stores a subject of the bench client with a fetched
// connection holding about rows booked transactions of the Consumer
// Multi-Account bank's customers.
func seedPersonaSubject(ctx context.Context, db *sqlx.DB, subject string, rows int) error {
	now := time.Now().UTC()
	accounts, txs, err := personaRows(now, rows)
	if err != nil {
		return err
	}
	var connID int64
	err = db.GetContext(ctx, &connID, `WITH c AS (
		INSERT INTO connections (client_id, subject_id, provider, access, consent_days, request_id, last_fetch_at, last_successful_fetch_at)
		VALUES ($1, $2, $3, 'one_time', 1, gen_random_uuid(), $4, $4) RETURNING id),
	k AS (INSERT INTO bank_consents (connection_id, status, valid_until) SELECT id, 'ok', $4::timestamptz + interval '90 days' FROM c)
	SELECT id FROM c`, benchClientID, subject, banks.ConsumerMultiAccount, now)
	if err != nil {
		return fmt.Errorf("analytics subject: %w", err)
	}
	ids := map[string]int64{}
	for _, a := range accounts {
		var id int64
		err := db.GetContext(ctx, &id, `INSERT INTO accounts (connection_id, provider_account_id, name, type, currency, balance, credit_limit)
			VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`, connID, a.ID, a.Name, string(a.Type), a.Currency, a.Balance, a.Limit)
		if err != nil {
			return fmt.Errorf("analytics account: %w", err)
		}
		ids[a.ID] = id
	}
	fmt.Fprintf(os.Stderr, "bench: analytics subject with %d accounts and %d transactions\n", len(accounts), len(txs))
	return insertPersonaTransactions(ctx, db, ids, txs)
}

// analyticsRows is about how many booked rows the measured subject holds.
const analyticsRows = 4000

// threeAccountPersona downloads the Consumer Multi-Account mock bank's
// current account, savings account and credit card, booked rows only. One
// customer books about 1,600 rows in two years, so the rows of further
// customers (other seeds) are added to the same three accounts until there
// are analyticsRows.
func threeAccountPersona(now time.Time) ([]banks.Account, []banks.Transaction, error) {
	return personaRows(now, analyticsRows)
}

// personaRows is threeAccountPersona with about rows booked rows.
func personaRows(now time.Time, rows int) ([]banks.Account, []banks.Transaction, error) {
	bank, err := banks.NewRegistry(banks.MockBanks(banks.Options{Now: func() time.Time { return now }})...).
		Bank(banks.ConsumerMultiAccount)
	if err != nil {
		return nil, nil, err
	}
	var first []banks.Account
	var booked []banks.Transaction
	for seed := int64(7); len(booked) < rows; seed++ {
		accounts, txs, err := download(bank, seed)
		if err != nil {
			return nil, nil, err
		}
		if first == nil {
			first = accounts
		}
		for _, t := range txs {
			for i := range accounts {
				if accounts[i].ID == t.AccountID && i < len(first) {
					t.AccountID, t.ID = first[i].ID, fmt.Sprint(seed, "-", t.ID)
					booked = append(booked, t)
				}
			}
		}
	}
	return first, booked, nil
}

// download connects to a mock bank as its "user" and returns the accounts
// and booked transactions of the customer that seed plays.
func download(bank banks.Provider, seed int64) ([]banks.Account, []banks.Transaction, error) {
	ctx := context.Background()
	auth, err := bank.StartSCA(ctx, banks.ConsentRequest{Seed: seed, ValidFor: 90 * 24 * time.Hour})
	if err != nil {
		return nil, nil, err
	}
	consent, err := bank.CompleteSCA(ctx, auth, banks.Credentials{Username: "user", Password: banks.TestPassword})
	if err != nil {
		return nil, nil, err
	}
	accounts, err := bank.Accounts(ctx, consent)
	if err != nil {
		return nil, nil, err
	}
	var booked []banks.Transaction
	for _, a := range accounts {
		txs, err := bank.Transactions(ctx, consent, a.ID, banks.Query{})
		if err != nil {
			return nil, nil, err
		}
		for _, t := range txs {
			if t.Status == banks.Booked {
				booked = append(booked, t)
			}
		}
	}
	return accounts, booked, nil
}

// insertPersonaTransactions stores the booked transactions with their
// true categories, as the current categoriser would have labelled them.
func insertPersonaTransactions(ctx context.Context, db *sqlx.DB, ids map[string]int64, txs []banks.Transaction) error {
	var acct []int64
	var pid, dates, desc, party, cat []string
	var amounts []int64
	for _, t := range txs {
		acct, pid, dates = append(acct, ids[t.AccountID]), append(pid, t.ID), append(dates, t.BookingDate.Format(time.DateOnly))
		amounts, desc, party, cat = append(amounts, t.Amount), append(desc, t.Description), append(party, t.Counterparty), append(cat, t.TrueCategory)
	}
	_, err := db.ExecContext(ctx, `INSERT INTO transactions (account_id, provider_transaction_id, status, transaction_date,
		booking_date, amount, currency, description, counterparty, category, category_confidence, categoriser_version)
	SELECT a, p, 'booked', d, d, m, 'GBP', s, c, k::transaction_category, 1, $8
	FROM unnest($1::bigint[], $2::text[], $3::date[], $4::bigint[], $5::text[], $6::text[], $7::text[]) AS u(a, p, d, m, s, c, k)`,
		pq.Array(acct), pq.Array(pid), pq.Array(dates), pq.Array(amounts), pq.Array(desc), pq.Array(party), pq.Array(cat),
		aggregation.CategoriserVersion)
	if err != nil {
		return fmt.Errorf("analytics transactions: %w", err)
	}
	return settle(db)
}
