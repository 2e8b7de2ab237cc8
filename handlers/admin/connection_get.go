package admin

import (
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"openbank/console"
	"openbank/store"
	"openbank/views"
)

// fetchHistory is how many fetches a connection's page shows.
const fetchHistory = 20

// Connection is GET /admin/aggregation/:client/connections/:id.
func (h *Handler) Connection(c *gin.Context) {
	ctx, client := c.Request.Context(), c.Param("client")
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	var conn *store.Connection
	if err == nil {
		conn, err = h.agg.Connection(ctx, client, id)
	}
	if err != nil {
		if errors.Is(err, store.ErrNotFound) || errors.Is(err, strconv.ErrSyntax) || errors.Is(err, strconv.ErrRange) {
			h.missing(c, "The connection")
			return
		}
		h.fail(c, err)
		return
	}
	fetches, err := h.agg.Fetches(ctx, client, id, fetchHistory)
	var accounts []store.Account
	if err == nil {
		accounts, err = h.agg.Accounts(ctx, client, id)
	}
	var deliveries []console.Delivery
	if err == nil {
		deliveries, err = h.console.Deliveries(ctx, id)
	}
	if err != nil {
		h.fail(c, err)
		return
	}
	v := views.AdminConnectionView{AdminPage: h.adminPage(c, "Connection "+c.Param("id"), "aggregation"), Client: client,
		ID: c.Param("id"), Subject: conn.SubjectID, SubjectHref: subjectPath(client, conn.SubjectID), Provider: conn.Provider, Access: conn.Access,
		Consent: conn.LastConsentStatus.String, ValidUntil: nullTime(conn.ConsentValidUntil),
		Fetches: fetchRows(fetches), Accounts: accountRows(client, accounts), Deliveries: deliveryRows(deliveries)}
	h.render(c, http.StatusOK, views.AdminConnectionPage(v))
}

func fetchRows(fs []store.Fetch) []views.AdminFetchRow {
	out := make([]views.AdminFetchRow, 0, len(fs))
	for _, f := range fs {
		reason := f.ErrorReason.String
		if f.ErrorCode.Valid {
			reason = f.ErrorCode.String + ": " + reason
		}
		if f.FlagErrorRecoverable.Valid {
			reason += fmt.Sprintf(" (recoverable: %t)", f.FlagErrorRecoverable.Bool)
		}
		out = append(out, views.AdminFetchRow{ID: strconv.FormatInt(f.ID, 10), Trigger: f.Trigger, Status: f.Status,
			Requested: f.RequestedAt.UTC().Format(timeLayout), Finished: nullTime(f.FinishedAt), Reason: reason,
			Added: strconv.Itoa(f.TransactionsAdded)})
	}
	return out
}

func accountRows(client string, as []store.Account) []views.AdminAccountRow {
	out := make([]views.AdminAccountRow, 0, len(as))
	for _, a := range as {
		out = append(out, views.AdminAccountRow{ID: strconv.FormatInt(a.ID, 10), Name: a.Name, IBAN: a.IBAN, Type: a.Type,
			Balance: money(a.Balance, a.Currency), Href: "/admin/aggregation/" + client + "/accounts/" + strconv.FormatInt(a.ID, 10)})
	}
	return out
}

func deliveryRows(ds []console.Delivery) []views.AdminDeliveryRow {
	out := make([]views.AdminDeliveryRow, 0, len(ds))
	for _, d := range ds {
		row := views.AdminDeliveryRow{ID: d.ID, Event: d.Event, URL: d.URL, Status: d.Status, Created: d.CreatedAt.UTC().Format(timeLayout)}
		for _, a := range d.Attempts {
			outcome := a.Error.String
			if a.StatusCode.Valid {
				outcome = "HTTP " + strconv.FormatInt(a.StatusCode.Int64, 10)
			}
			row.Attempts = append(row.Attempts, fmt.Sprintf("%s: %s in %d ms", a.AttemptedAt.UTC().Format(timeLayout), outcome, a.DurationMS))
		}
		out = append(out, row)
	}
	return out
}

// money shows minor units with two decimals and the currency.
func money(minor int64, currency string) string {
	sign := ""
	if minor < 0 {
		sign, minor = "-", -minor
	}
	return fmt.Sprintf("%s%d.%02d %s", sign, minor/100, minor%100, currency)
}

func nullTime(t sql.NullTime) string {
	if !t.Valid {
		return ""
	}
	return t.Time.UTC().Format(timeLayout)
}
