package aggregation_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
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

// uploadAPI serves POST /uploads as the server does (its own group, for
// clients with the upload product) beside the aggregation's other routes.
type uploadAPI struct {
	t      testing.TB
	engine *gin.Engine
	db     *storetest.DB
}

func newUploadAPI(t testing.TB) *uploadAPI {
	t.Helper()
	db := storetest.NewDB(t)
	svc := &aggregation.Service{Store: store.New(db), Banks: banks.NewRegistry(banks.MockBanks(banks.Options{})...),
		Clients: origins{}, Clock: time.Now, PublicURL: "http://openbank.test"}
	h := aggapi.New(svc)
	e := gin.New()
	h.Mount(e.Group("/aggregation/v3.12.0", testCaller(oauth.ProductAggregation), h.Track))
	h.MountUploads(e.Group("/aggregation/v3.12.0", testCaller(oauth.ProductUpload), h.Track))
	return &uploadAPI{t: t, engine: e, db: db}
}

// testCaller stands in for a verified token of the client named by the
// X-Test-Client header, granted product.
func testCaller(product string) gin.HandlerFunc {
	return func(c *gin.Context) {
		client := c.GetHeader("X-Test-Client")
		p := oauth.Principal{ClientID: client, Subject: "client:" + client, Products: []string{product}}
		c.Request = c.Request.WithContext(oauth.NewContext(c.Request.Context(), p))
	}
}

// answer is a response and its JSON.
type answer struct {
	status int
	body   map[string]any
	raw    []byte
}

// description is the fault.description of an ErrorResponse.
func (a answer) description() string {
	f, _ := a.body["fault"].(map[string]any)
	d, _ := f["description"].(string)
	return d
}

var aggregationContract = sync.OnceValues(func() (*contract.Contract, error) { return contract.Load(docs.AggregationOpenAPI) })

// do sends body (JSON unless it is a string) as client with content type
// kind; every answer is checked against the OpenAPI document.
func (a *uploadAPI) do(client, method, path, kind string, body any) answer {
	a.t.Helper()
	raw, ok := body.(string)
	if !ok && body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			a.t.Fatal(err)
		}
		raw = string(b)
	}
	req := httptest.NewRequest(method, "/aggregation/v3.12.0"+path, strings.NewReader(raw))
	if kind != "" {
		req.Header.Set("Content-Type", kind)
	}
	req.Header.Set("X-Test-Client", client)
	req.Header.Set("X-Request-Id", uuid.NewString())
	rec := httptest.NewRecorder()
	a.engine.ServeHTTP(rec, req)
	c, err := aggregationContract()
	if err == nil {
		err = c.Check(req, rec.Code, rec.Header(), rec.Body.Bytes())
	}
	if err != nil {
		a.t.Errorf("%s %s: %v", method, path, err)
	}
	out := answer{status: rec.Code, raw: rec.Body.Bytes()}
	if err := json.Unmarshal(rec.Body.Bytes(), &out.body); err != nil && rec.Code != http.StatusNoContent {
		a.t.Fatalf("%s %s: %d %s is not JSON", method, path, rec.Code, rec.Body)
	}
	return out
}

func (a *uploadAPI) json(client string, body any) answer {
	a.t.Helper()
	return a.do(client, "POST", "/uploads", "application/json", body)
}

func (a *uploadAPI) csv(client, query, file string) answer {
	a.t.Helper()
	return a.do(client, "POST", "/uploads?"+query, "text/csv; charset=utf-8", file)
}

// stored counts the rows of the aggregation's tables.
func (a *uploadAPI) stored() string {
	var n struct{ C, K, A, T int }
	err := a.db.Get(&n, `SELECT (SELECT count(*) FROM connections) AS c, (SELECT count(*) FROM bank_consents) AS k,
		(SELECT count(*) FROM accounts) AS a, (SELECT count(*) FROM transactions) AS t`)
	if err != nil {
		a.t.Fatal(err)
	}
	return fmt.Sprintf("%d connections, %d consents, %d accounts, %d transactions", n.C, n.K, n.A, n.T)
}

func id(v any) string { return fmt.Sprintf("%.0f", v) }

func connectionOf(a answer) map[string]any { return a.body["connection"].(map[string]any) }

func csvRows(n int) string {
	var b bytes.Buffer
	b.WriteString("date,amount,description,balance\n")
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range n {
		fmt.Fprintf(&b, "%s,-%d.%02d,CARD PAYMENT TO SHOP %d,%d.00\n", start.AddDate(0, 0, i%300).Format(time.DateOnly), i%90, i%100, i%37, 1000+i)
	}
	return b.String()
}
