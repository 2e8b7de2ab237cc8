package main

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"openbank/aggregation"
	"openbank/banks"
	"openbank/store"
)

// benchOrigin is the return origin of the bench's widget; nothing is ever sent there.
const benchOrigin = "https://bench.invalid"

type benchClients struct{}

func (benchClients) Settings(context.Context, string) (aggregation.ClientSettings, error) {
	return aggregation.ClientSettings{ReturnToOrigins: []string{benchOrigin}}, nil
}

// prepareWidget creates a widget link through the service, as POST
// /widget/connect would, and returns its path with the signed token.
func prepareWidget(ctx context.Context, db *sqlx.DB) (string, error) {
	svc := &aggregation.Service{Store: &store.Aggregation{DB: db}, Banks: banks.NewRegistry(banks.MockBanks(banks.Options{})...),
		Clients: benchClients{}, Clock: time.Now, Widgets: aggregation.WidgetOptions{TTL: time.Hour}}
	w, err := svc.CreateWidget(ctx, aggregation.WidgetRequest{ClientID: "bench", SubjectID: "1", CountryCodes: []string{"XF"},
		ReturnTo: benchOrigin + "/back", Access: aggregation.Recurring, ConsentDays: 90, RequestID: uuid.NewString()})
	if err != nil {
		return "", err
	}
	return w.URL, nil // PublicURL is empty, so this is the path
}

// openWidget opens the link once and returns the session cookie that the
// widget's pages require.
func openWidget(base, link string) (string, error) {
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Get(base + link)
	if err != nil {
		return "", err
	}
	resp.Body.Close()
	cookie, _, _ := strings.Cut(resp.Header.Get("Set-Cookie"), ";")
	if resp.StatusCode != http.StatusSeeOther || cookie == "" {
		return "", fmt.Errorf("opening the bench widget answered %d", resp.StatusCode)
	}
	return cookie, nil
}

// widgetPath is the path of the bench widget's page named page.
func widgetPath(link, page string) string {
	path, _, _ := strings.Cut(link, "?")
	return path + page
}
