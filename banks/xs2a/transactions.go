package xs2a

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"sync"
	"time"

	"openbank/banks"
)

// SCAWindow is how long after SCA a fetch still counts as the subject's
// own: it may read the whole history, later ones the last 89 days.
const SCAWindow = time.Hour

// Transactions lists an account's booked and pending transactions newer
// than q.AfterID, reading every page of the bank's answer.
func (c *Connector) Transactions(ctx context.Context, consent banks.Consent, accountID string, q banks.Query) ([]banks.Transaction, error) {
	if err := c.authorise(consent); err != nil {
		return nil, err
	}
	from := c.dateFrom(consent, q)
	link := "v1/accounts/" + url.PathEscape(accountID) + "/transactions?bookingStatus=both&dateFrom=" + from.Format(time.DateOnly)
	// Each page is decoded into the same buffers, kept for the next fetch,
	// and mapped at once: the entries of a long history are never held
	// twice.
	page := pageBuffers.Get().(*transactionsAnswer)
	defer putPage(page)
	var out, pending []banks.Transaction
	seen := map[string]bool{}
	for n := 0; link != ""; n++ {
		if seen[link] {
			c.stats.BadAnswers.Add(1)
			return nil, badAnswer("the transaction pages loop")
		}
		if n == c.limits.Pages || int64(n)*c.limits.PageBytes > c.limits.TotalBytes {
			c.stats.BadAnswers.Add(1)
			return nil, badAnswer("too many transaction pages")
		}
		seen[link] = true
		*page = transactionsAnswer{Transactions: accountReport{Booked: page.Transactions.Booked[:0], Pending: page.Transactions.Pending[:0]}}
		if err := c.do(ctx, call{method: http.MethodGet, path: link, consentID: consent.Reference}, page); err != nil {
			return nil, err
		}
		var err error
		if out, err = c.mapEntries(out, accountID, page.Transactions.Booked, banks.Booked, q); err == nil {
			pending, err = c.mapEntries(pending, accountID, page.Transactions.Pending, banks.Pending, q)
		}
		if err != nil {
			c.stats.BadAnswers.Add(1)
			return nil, err
		}
		link = ""
		if next := page.Transactions.Links.Next; next != nil {
			link = next.Href
		}
	}
	out = append(out, pending...)
	sortByID(out)
	return out, nil
}

// pageBuffers are decode buffers of transaction pages.
var pageBuffers = sync.Pool{New: func() any { return new(transactionsAnswer) }}

// putPage keeps a page's buffers for another fetch, holding no entry.
func putPage(page *transactionsAnswer) {
	booked, pending := page.Transactions.Booked, page.Transactions.Pending
	clear(booked[:cap(booked)])
	clear(pending[:cap(pending)])
	*page = transactionsAnswer{Transactions: accountReport{Booked: booked[:0], Pending: pending[:0]}}
	pageBuffers.Put(page)
}

// dateFrom is the first day to read: the query's, within the bank's
// history right after SCA and within 89 days afterwards.
func (c *Connector) dateFrom(consent banks.Consent, q banks.Query) time.Time {
	now := c.now().UTC()
	days := 89
	if now.Sub(consent.GrantedAt) < SCAWindow {
		days = c.bank.Quirks.HistoryDays
		if days <= 0 {
			days = 730
		}
	}
	from := now.AddDate(0, 0, -days)
	if q.From.After(from) {
		from = q.From
	}
	return from
}

// mapEntries maps entries of one status onto out, keeping those newer
// than q.AfterID.
func (c *Connector) mapEntries(out []banks.Transaction, accountID string, entries []transaction, status banks.Status, q banks.Query) ([]banks.Transaction, error) {
	out = slices.Grow(out, len(entries))
	var days lastDay
	for i := range entries {
		t, err := c.mapEntry(accountID, &entries[i], status, &days)
		if err != nil {
			return nil, err
		}
		if q.AfterID == "" || t.ID > q.AfterID {
			out = append(out, t)
		}
	}
	return out, nil
}
