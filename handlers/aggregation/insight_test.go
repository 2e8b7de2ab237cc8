package aggregation_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"openbank/aggregation"
	"openbank/banks"
	aggapi "openbank/handlers/aggregation"
	"openbank/handlers/docs"
	"openbank/handlers/docs/contract"
	"openbank/oauth"
	"openbank/store"
	"openbank/store/storetest"
)

// insightAPI serves the aggregation's routes and the insight product's as
// the server does, with the categoriser, for the client named by the
// X-Test-Client header.
type insightAPI struct {
	t      *testing.T
	engine *gin.Engine
	svc    *aggregation.Service
	db     *storetest.DB
}

func newInsightAPI(t *testing.T) *insightAPI {
	t.Helper()
	db := storetest.NewDB(t)
	st := store.New(db)
	categoriser, err := aggregation.NewInsight(st)
	if err != nil {
		t.Fatal(err)
	}
	svc := &aggregation.Service{Store: st, Banks: banks.NewRegistry(banks.MockBanks(banks.Options{})...),
		Clients: origins{}, Clock: time.Now, PublicURL: "http://openbank.test", Categoriser: categoriser}
	h := aggapi.New(svc)
	e := gin.New()
	h.Mount(e.Group("/aggregation/v3.12.0", grant(oauth.ProductAggregation), h.Track))
	h.MountInsight(e.Group("/aggregation/v3.12.0", grant(oauth.ProductInsight), h.Track))
	return &insightAPI{t: t, engine: e, svc: svc, db: db}
}

// grant stands in for a verified token of the X-Test-Client's client
// granted products.
func grant(products ...string) gin.HandlerFunc {
	return func(c *gin.Context) {
		client := c.GetHeader("X-Test-Client")
		p := oauth.Principal{ClientID: client, Subject: "client:" + client, Products: products}
		c.Request = c.Request.WithContext(oauth.NewContext(c.Request.Context(), p))
	}
}

var insightContract = sync.OnceValues(func() (*contract.Contract, error) { return contract.Load(docs.AggregationOpenAPI) })

// reply is an answer, its JSON and its headers.
type reply struct {
	status int
	body   map[string]any
	header map[string][]string
}

// fault is the description of an ErrorResponse.
func (r reply) fault() string {
	f, _ := r.body["fault"].(map[string]any)
	d, _ := f["description"].(string)
	return d
}

// send calls the API as client with request id rid (new when empty); every
// answer is checked against the OpenAPI document.
func (a *insightAPI) send(client, method, path, rid string, body any) reply {
	a.t.Helper()
	raw, ok := body.(string)
	if !ok && body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			a.t.Fatal(err)
		}
		raw = string(b)
	}
	if rid == "" {
		rid = uuid.NewString()
	}
	req := httptest.NewRequest(method, "/aggregation/v3.12.0"+path, strings.NewReader(raw))
	req.Header.Set("X-Test-Client", client)
	req.Header.Set("X-Request-Id", rid)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	rec := httptest.NewRecorder()
	a.engine.ServeHTTP(rec, req)
	c, err := insightContract()
	if err == nil {
		err = c.Check(req, rec.Code, rec.Header(), rec.Body.Bytes())
	}
	if err != nil {
		a.t.Errorf("%s %s: %v", method, path, err)
	}
	out := reply{status: rec.Code, header: rec.Header()}
	if err := json.Unmarshal(rec.Body.Bytes(), &out.body); err != nil {
		a.t.Fatalf("%s %s: %d %s is not JSON", method, path, rec.Code, rec.Body)
	}
	return out
}

// connect connects client's subject to the embedded bank, runs the fetch
// and returns every transaction of the connection's accounts.
func (a *insightAPI) connect(client, subject string) []map[string]any {
	a.t.Helper()
	r := a.send(client, "POST", "/connections", "", map[string]any{"subjectId": subject, "provider": banks.EmbeddedScenario,
		"credentials": map[string]string{"username": "user", "password": banks.TestPassword}})
	if r.status != 201 {
		a.t.Fatalf("connect: %d %v", r.status, r.body)
	}
	a.runFetches()
	accounts := a.send(client, "GET", fmt.Sprintf("/accounts?connectionId=%.0f", r.body["id"]), "", nil)
	var out []map[string]any
	for _, acc := range accounts.body["accounts"].([]any) {
		out = append(out, a.transactions(client, acc.(map[string]any)["id"])...)
	}
	return out
}

// transactions pages through every transaction of an account.
func (a *insightAPI) transactions(client string, accountID any) []map[string]any {
	a.t.Helper()
	var out []map[string]any
	for after := 0.0; ; {
		page := a.send(client, "GET", fmt.Sprintf("/transactions?accountId=%.0f&lastTransactionId=%.0f&limit=1000", accountID, after), "", nil)
		for _, t := range page.body["transactions"].([]any) {
			out = append(out, t.(map[string]any))
		}
		if page.body["hasMore"] != true {
			return out
		}
		after = page.body["lastTransactionId"].(float64)
	}
}

// runFetches runs the queued fetch jobs.
func (a *insightAPI) runFetches() {
	a.t.Helper()
	ctx := context.Background()
	for {
		j, err := a.svc.Store.ClaimJob(ctx, []string{store.FetchJob}, "t", time.Minute)
		if err != nil || j == nil {
			return
		}
		if err := a.svc.RunFetch(ctx, j); err != nil {
			a.t.Fatalf("fetch: %v", err)
		}
		if err := a.svc.Store.FinishJob(ctx, j.ID, "t"); err != nil {
			a.t.Fatal(err)
		}
	}
}
