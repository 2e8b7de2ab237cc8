package main

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync/atomic"
	"time"
)

// The seeded showcases: showcase-000001 … showcase-100000, owned by the
// bench client's token subject.
const (
	showcasePrefix = "showcase"
	showcaseCount  = 100_000
	// reminderShowcases is how many showcases the reminder creates rotate over.
	reminderShowcases = 1_000
)

const gatewayBase = "/gateway/v1.1.0"

// showcaseName is the name of the n-th seeded showcase (1-based).
func showcaseName(n int) string { return fmt.Sprintf("%s-%06d", showcasePrefix, n) }

// gatewayOperations are the showcase reads, reminder creates and searches.
func (b *bench) gatewayOperations() []operation {
	return []operation{
		{name: "GET /showcases/{name} with token", reference: refSelect, request: b.getShowcase, status: 200,
			goal: goal{minRatio: 0.7}},
		{name: "POST /showcases/{s}/reminders", reference: refInsert, request: b.createReminder(), status: 201,
			goal: goal{minRatio: 0.5}},
		{name: "POST /showcases/search, 100k rows", reference: refSelect, request: b.searchShowcases, status: 200},
		{name: "POST /showcases/search, 100k rows, 1 conn", request: b.searchShowcases, status: 200, conns: 1,
			goal: goal{maxP50: 10 * time.Millisecond}},
	}
}

// getShowcase reads one of the seeded showcases.
func (b *bench) getShowcase(w, i int) *http.Request {
	name := showcaseName(1 + (w*7919+i)%showcaseCount)
	req, _ := http.NewRequest(http.MethodGet, b.base+gatewayBase+"/showcases/"+name, nil)
	return b.authed(req)
}

// createReminder adds a reminder to the next of the first
// reminderShowcases showcases, round-robin across all workers.
func (b *bench) createReminder() func(int, int) *http.Request {
	var next atomic.Int64
	return func(int, int) *http.Request {
		name := showcaseName(1 + int(next.Add(1)%reminderShowcases))
		return b.postJSON(gatewayBase+"/showcases/"+name+"/reminders", `{"relevance":1,"selectableTextIdx":3}`)
	}
}

// searchShowcases searches by a random five-digit substring of the names,
// which matches one to eleven showcases.
func (b *bench) searchShowcases(int, int) *http.Request {
	return b.postJSON(gatewayBase+"/showcases/search", fmt.Sprintf(`{"nameFilter":"%05d"}`, rand.IntN(100_000))) //nolint:gosec // G404: a load pattern, not a secret
}

// postJSON is an authenticated POST of a JSON body.
func (b *bench) postJSON(path, body string) *http.Request {
	req, _ := http.NewRequest(http.MethodPost, b.base+path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	return b.authed(req)
}

// refBareBeside is the bare route measured in alternating slices with the
// same route behind bearer authentication.
const refBareBeside = "reference: bare gin route, alternating"

// bearerOperation is the bare route behind bearer authentication, measured
// in alternating slices with the bare route itself (its partner), so that
// a few percent of difference is not lost in the machine's other load.
func (b *bench) bearerOperation() operation {
	bare, authed := b.get("/bench/ref/noop"), b.get("/bench/ref/noop-auth")
	header := []string{"Bearer " + b.token} // the same bytes on every request, as a client keeps them
	return operation{name: "GET bare route with bearer auth", reference: refBareBeside, status: 200, goal: goal{minRatio: 0.9},
		request: func(w, i int) *http.Request {
			req := authed(w, i)
			req.Header["Authorization"] = header
			return req
		},
		partner: &operation{name: refBareBeside, request: bare, status: 200}}
}
