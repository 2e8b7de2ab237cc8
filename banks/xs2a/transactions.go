package xs2a

import (
	"context"
	"net/http"
	"net/url"
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
	var booked, pending []transaction
	seen := map[string]bool{}
	for page := 0; link != ""; page++ {
		if seen[link] {
			c.stats.BadAnswers.Add(1)
			return nil, badAnswer("the transaction pages loop")
		}
		if page == c.limits.Pages || int64(page)*c.limits.PageBytes > c.limits.TotalBytes {
			c.stats.BadAnswers.Add(1)
			return nil, badAnswer("too many transaction pages")
		}
		seen[link] = true
		var answer transactionsAnswer
		if err := c.do(ctx, call{method: http.MethodGet, path: link, consentID: consent.Reference}, &answer); err != nil {
			return nil, err
		}
		booked = append(booked, answer.Transactions.Booked...)
		pending = append(pending, answer.Transactions.Pending...)
		link = ""
		if next := answer.Transactions.Links.Next; next != nil {
			link = next.Href
		}
	}
	out, err := c.mapAll(accountID, booked, pending, q)
	if err != nil {
		c.stats.BadAnswers.Add(1)
	}
	return out, err
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

// mapAll maps the entries and keeps those newer than q.AfterID, in id order.
func (c *Connector) mapAll(accountID string, booked, pending []transaction, q banks.Query) ([]banks.Transaction, error) {
	out := make([]banks.Transaction, 0, len(booked)+len(pending))
	for _, list := range []struct {
		entries []transaction
		status  banks.Status
	}{{booked, banks.Booked}, {pending, banks.Pending}} {
		for i := range list.entries {
			t, err := c.mapEntry(accountID, &list.entries[i], list.status)
			if err != nil {
				return nil, err
			}
			if q.AfterID == "" || t.ID > q.AfterID {
				out = append(out, t)
			}
		}
	}
	sortByID(out)
	return out, nil
}
