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
	"openbank/widget"
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
	agg := &aggregation.Service{Store: store.New(db), Banks: banks.NewRegistry(banks.MockBanks(banks.Options{})...),
		Clients: benchClients{}, Clock: time.Now}
	w, err := widget.New(agg, widget.Options{TTL: time.Hour}).Create(ctx, widget.Request{ClientID: "bench", SubjectID: "1", CountryCodes: []string{"XF"},
		ReturnTo: benchOrigin + "/back", Access: aggregation.Recurring, RequestID: uuid.NewString()})
	if err != nil {
		return "", err
	}
	return w.URL, nil // PublicURL is empty, so this is the path
}

// openWidget opens the link once and shows its bank page once, and returns
// the cookies a browser then holds: the session that the widget's pages
// require and the form token they hand out.
func openWidget(base, link string) (string, error) {
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Get(base + link)
	if err != nil {
		return "", err
	}
	_ = resp.Body.Close()
	cookie, _, _ := strings.Cut(resp.Header.Get("Set-Cookie"), ";")
	if resp.StatusCode != http.StatusSeeOther || cookie == "" {
		return "", fmt.Errorf("opening the bench widget answered %d", resp.StatusCode)
	}
	req, _ := http.NewRequest(http.MethodGet, base+widgetPath(link, "/banks"), nil)
	req.Header.Set("Cookie", cookie)
	if resp, err = client.Do(req); err != nil {
		return "", err
	}
	_ = resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("the bench widget's bank page answered %d", resp.StatusCode)
	}
	for _, c := range resp.Cookies() {
		cookie += "; " + c.Name + "=" + c.Value
	}
	return cookie, nil
}

// widgetPath is the path of the bench widget's page named page.
func widgetPath(link, page string) string {
	path, _, _ := strings.Cut(link, "?")
	return path + page
}

// openWidget creates the bench widget and opens it once.
func (b *bench) openWidget() error {
	link, err := prepareWidget(context.Background(), b.db)
	if err != nil {
		return err
	}
	b.widgetLink = link
	b.widgetCookie, err = openWidget(b.base, link)
	return err
}

// widgetOperations render the widget's bank selection page, plain and searched.
func (b *bench) widgetOperations() []operation {
	page := func(name string) func(int, int) *http.Request {
		return func(int, int) *http.Request {
			req, _ := http.NewRequest(http.MethodGet, b.base+widgetPath(b.widgetLink, name), nil)
			req.Header.Set("Cookie", b.widgetCookie)
			return req
		}
	}
	// Under load a page may take at most half as long again as the one-row
	// SELECT at the 99th percentile, both measured in alternating slices;
	// alone, 10 ms.
	underLoad := func(name, path, short string) operation {
		ref := "reference: one-row SELECT, beside " + short
		return operation{name: "GET widget " + name, reference: ref, request: page(path), status: 200,
			goal:    goal{maxP99Ratio: 1.5},
			partner: &operation{name: ref, request: b.get("/bench/ref/select/{i}"), status: 200}}
	}
	return []operation{
		underLoad("bank selection page", "/banks", "bank page"),
		underLoad("bank search (?q=consumer)", "/banks?q=consumer", "bank search"),
		{name: "GET widget bank selection page, 1 conn", request: page("/banks"), status: 200, conns: 1,
			goal: goal{maxP99: 10 * time.Millisecond}},
	}
}
