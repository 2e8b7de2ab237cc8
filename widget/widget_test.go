package widget_test

import (
	"context"
	"errors"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"openbank/aggregation"
	"openbank/banks"
	"openbank/store"
	"openbank/widget"
)

var widgetClient = aggregation.ClientSettings{ReturnToOrigins: []string{"https://client.example"}}

func (f *fixture) widget(t *testing.T, returnTo string, flags bool) *widget.Created {
	t.Helper()
	w, err := f.svc.Create(context.Background(), widget.Request{
		ClientID: "client-a", SubjectID: "42", CountryCodes: []string{"xf"}, ReturnTo: returnTo,
		ReturnConnectionID: flags, ReturnWidgetIDError: flags, Access: aggregation.Recurring, RequestID: uuid.NewString(),
	})
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func token(t *testing.T, link string) string {
	u, err := url.Parse(link)
	if err != nil {
		t.Fatal(err)
	}
	return u.Query().Get("t")
}

func TestWidgetCreateChecksTheRequest(t *testing.T) {
	t.Parallel()
	f := newFixture(t, widgetClient)
	ctx := context.Background()
	base := widget.Request{ClientID: "client-a", SubjectID: "1", CountryCodes: []string{"XF"},
		ReturnTo: "https://client.example/done", Access: aggregation.Recurring, RequestID: uuid.NewString()}
	tooMany := map[string]string{}
	for i := range 11 {
		tooMany[string(rune('a'+i))] = "v"
	}
	tests := []struct {
		name   string
		change func(*widget.Request)
		want   error
	}{
		{"foreign origin", func(r *widget.Request) { r.ReturnTo = "https://evil.example/" }, aggregation.ErrReturnToNotAllowed},
		{"eleven fields", func(r *widget.Request) { r.CallbackFields = tooMany }, aggregation.ErrTooManyCallbackFields},
		{"no banks", func(r *widget.Request) { r.CountryCodes = []string{"ZZ"} }, widget.ErrNoProviders},
		{"access", func(r *widget.Request) { r.Access = "forever" }, aggregation.ErrInvalidAccess},
	}
	for _, tt := range tests {
		req := base
		tt.change(&req)
		if _, err := f.svc.Create(ctx, req); !errors.Is(err, tt.want) {
			t.Errorf("%s: got %v, want %v", tt.name, err, tt.want)
		}
	}
}

func TestWidgetOpeningsExpiryAndUnknownLinks(t *testing.T) {
	t.Parallel()
	f := newFixture(t, widgetClient)
	f.svc.Options = widget.Options{MaxOpenings: 2, TTL: time.Hour}
	ctx := context.Background()
	w := f.widget(t, "https://client.example/back?x=1", true)
	tok := token(t, w.URL)
	for i := range 2 {
		if o, err := f.svc.Open(ctx, w.Widget.ID, tok); err != nil || o.Refused != "" {
			t.Fatalf("opening %d: %+v %v", i+1, o, err)
		}
	}
	o, _ := f.svc.Open(ctx, w.Widget.ID, tok)
	if want := "https://client.example/back?x=1&widgetId=" + itoa(w.Widget.ID) + ",tooManyOpenings"; o.Refused != widget.TooManyOpenings || o.Return != want {
		t.Fatalf("third opening: %+v, want %s", o, want)
	}
	other := f.widget(t, "https://client.example/back", true)
	f.clock.Advance(time.Hour)
	if o, _ := f.svc.Open(ctx, other.Widget.ID, token(t, other.URL)); o.Refused != widget.Expired {
		t.Fatalf("opening after expiry: %+v", o)
	}
	ghost, _ := f.svc.SignLink(ctx, widget.Link{WidgetID: 999999, Nonce: "n", ReturnTo: "https://client.example/back", ReturnWidgetIDError: true})
	if o, _ := f.svc.Open(ctx, 999999, ghost); o.Return != "https://client.example/back?widgetId=0,notFound" {
		t.Fatalf("unknown widget: %+v", o)
	}
	forged := strings.Replace(tok, tok[:4], "AAAA", 1)
	if _, err := f.svc.Open(ctx, w.Widget.ID, forged); !errors.Is(err, widget.ErrLinkInvalid) {
		t.Fatalf("forged link: %v", err)
	}
	stats, _ := f.svc.Statistics(ctx, "client-a", "42")
	if len(stats) != 2 || stats[1].Widget.Openings != 3 || stats[1].Outcome != "tooManyOpenings" || stats[0].Outcome != "expired" {
		t.Fatalf("statistics: %+v", stats)
	}
}

func TestWidgetEmbeddedConnectAndReconnectKeepAccounts(t *testing.T) {
	t.Parallel()
	f := newFixture(t, widgetClient)
	ctx := context.Background()
	w := f.widget(t, "https://client.example/back", true)
	if _, err := f.svc.Connect(ctx, w.Widget, banks.EmbeddedScenario, &banks.Credentials{Username: "user", Password: "nope"}); !errors.Is(err, aggregation.ErrInvalidCredentials) {
		t.Fatalf("wrong password: %v", err)
	}
	sca, err := f.svc.Connect(ctx, w.Widget, banks.EmbeddedScenario, &banks.Credentials{Username: "expire-soon", Password: banks.TestPassword})
	if err != nil || sca.Status != banks.ConsentOK {
		t.Fatalf("connect: %+v %v", sca, err)
	}
	f.drain(t, store.FetchJob)
	before, _ := f.db.Accounts(ctx, "client-a", sca.ConnectionID)
	back, _ := f.svc.Finish(ctx, w.Widget)
	if back != "https://client.example/back?connectionId="+itoa(sca.ConnectionID)+",ok" {
		t.Fatalf("finish: %s", back)
	}
	f.clock.Advance(10 * time.Minute)
	re, err := f.svc.CreateReconnect(ctx, widget.ReconnectRequest{ClientID: "client-a", ConnectionID: sca.ConnectionID,
		ReturnTo: "https://client.example/re", ReturnConnectionID: true, RequestID: uuid.NewString()})
	if err != nil {
		t.Fatal(err)
	}
	again, err := f.svc.Connect(ctx, re.Widget, banks.EmbeddedScenario, &banks.Credentials{Username: "user", Password: banks.TestPassword})
	if err != nil || again.ConnectionID != sca.ConnectionID || again.Status != banks.ConsentOK {
		t.Fatalf("reconnect: %+v %v", again, err)
	}
	f.drain(t, store.FetchJob)
	after, _ := f.db.Accounts(ctx, "client-a", sca.ConnectionID)
	if len(after) != len(before) || after[0].ID != before[0].ID {
		t.Fatalf("accounts changed: %+v -> %+v", before, after)
	}
	fetches, _ := f.db.Fetches(ctx, "client-a", sca.ConnectionID, 1)
	if fetches[0].Trigger != "reconnect" || fetches[0].Status != "succeeded" {
		t.Fatalf("reconnect fetch: %+v", fetches[0])
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

func TestWidgetIsReadOnceAndUnknownIDsAgain(t *testing.T) {
	t.Parallel()
	f := newFixture(t, widgetClient)
	ctx := context.Background()
	if _, err := f.svc.Widget(ctx, 1); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("an unknown widget: %v, want ErrNotFound", err)
	}
	created := f.widget(t, "https://client.example/back", false) // the first id: not remembered as unknown
	first, err := f.svc.Widget(ctx, created.Widget.ID)
	if err != nil {
		t.Fatalf("a widget created after its id was asked for: %v", err)
	}
	if _, err := f.db.OpenWidget(ctx, first.ID, f.clock.Now()); err != nil { // counts an opening in the row
		t.Fatal(err)
	}
	again, err := f.svc.Widget(ctx, first.ID)
	if err != nil || again.Openings != first.Openings || again.ReturnTo != "https://client.example/back" {
		t.Fatalf("the second read is not the first one's widget from memory: %+v, %v", again, err)
	}
}
