package widget_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"openbank/banks"
	"openbank/banks/xs2a"
)

// TestBankThatIsDown: a bank reached over the network that does not
// answer when the subject chooses it gets a page that says so (503),
// never our own failure page.
func TestBankThatIsDown(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	down, err := xs2a.New(xs2a.Bank{Code: "downbank", Name: "Down Bank", Country: "XF", BaseURL: "https://127.0.0.1:1/psd2",
		Environment: banks.Test}, xs2a.Options{Timeout: 2 * time.Second, Backoff: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	e.svc.Banks = banks.NewRegistry(append(banks.MockBanks(banks.Options{}), down)...)
	w := e.widget(t, landing().URL+"/back", false)
	b := newBrowser(t, e.base)
	b.do("GET", w.URL, nil)
	path := fmt.Sprintf("/widget/w/%d", w.Widget.ID)
	csrf := b.page(path+"/consent?bank=downbank", 200).Find("input[name=csrf_token]").AttrOr("value", "")
	resp, body := b.do("POST", path+"/consent", url.Values{"csrf_token": {csrf}, "bank": {"downbank"}})
	if resp.StatusCode == http.StatusSeeOther { // without the subject's details the bank is asked at the next page
		resp, body = b.do("GET", resp.Header.Get("Location"), nil)
	}
	if resp.StatusCode != http.StatusServiceUnavailable || !strings.Contains(body, "not answering") {
		t.Fatalf("status %d, want 503 saying the bank is not answering:\n%s", resp.StatusCode, body)
	}
}
