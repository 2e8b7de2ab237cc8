package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// operation is one row of the table: a request maker and the reference it
// is compared with.
type operation struct {
	name      string
	reference string // name of the reference row; "" for a reference itself
	request   func(worker, i int) *http.Request
	status    int
	conns     int          // concurrent connections; 0 means the run's -c
	setup     func() error // run once before the warm-up, e.g. to grow a table
	partner   *operation   // measured with op in alternating slices (measureInterleaved); nil: alone
	goal      goal
}

// result is what one operation measured.
type result struct {
	name      string
	reference string
	goal      goal
	rps       float64
	p50, p99  time.Duration
	errors    int64
	serverCPU time.Duration // the server's CPU per request; 0: not measured (only pairs are)
}

// measure drives op with `conns` closed-loop workers for d and returns the
// throughput and latency quantiles of the requests answered with op.status.
func measure(client *http.Client, op operation, conns int, d time.Duration) result {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	var errs atomic.Int64
	lat := make([][]time.Duration, conns)
	var wg sync.WaitGroup
	start := time.Now()
	for w := range conns {
		wg.Go(func() {
			for i := 0; ctx.Err() == nil; i++ {
				req := op.request(w, i)
				t0 := time.Now()
				resp, err := client.Do(req)
				if err != nil {
					errs.Add(1)
					continue
				}
				_, _ = io.Copy(io.Discard, resp.Body) // a short body shows as a wrong status or an error below
				_ = resp.Body.Close()
				if resp.StatusCode != op.status {
					errs.Add(1)
					continue
				}
				lat[w] = append(lat[w], time.Since(t0))
			}
		})
	}
	wg.Wait()
	all := slices.Concat(lat...)
	slices.Sort(all)
	r := result{name: op.name, reference: op.reference, goal: op.goal, errors: errs.Load()}
	if len(all) > 0 {
		r.rps = float64(len(all)) / time.Since(start).Seconds()
		r.p50 = all[len(all)/2]
		r.p99 = all[len(all)*99/100]
	}
	return r
}

func printTable(w io.Writer, results []result) {
	byName := map[string]result{}
	for _, r := range results {
		byName[r.name] = r
	}
	fmt.Fprintf(w, "\n%-44s %9s %9s %9s %7s  %-36s %14s  %-36s %s\n",
		"operation", "req/s", "p50", "p99", "errors", "reference", "ratio", "target", "met")
	for _, r := range results {
		ref, ratio := "-", "-"
		var refResult *result
		if r.reference != "" {
			ref = r.reference
			if b, ok := byName[r.reference]; ok {
				refResult = &b
				ratio = r.goal.ratioText(r, b)
			}
		}
		fmt.Fprintf(w, "%-44s %9.0f %9s %9s %7d  %-36s %14s  %-36s %s\n", r.name, r.rps, ms(r.p50), ms(r.p99), r.errors,
			ref, ratio, r.goal.String(), r.goal.verdict(r, refResult))
	}
	printCapacity(w, results, byName)
}

// printCapacity prints, for each pair measured in alternating slices, the
// server's CPU per request of both rows and their ratio: the server's
// capacity for the row against the reference's, which the req/s ratio
// shows only blurred by the load generator's own CPU on the same cores.
func printCapacity(w io.Writer, results []result, byName map[string]result) {
	first := true
	for _, r := range results {
		ref, ok := byName[r.reference]
		if r.serverCPU <= 0 || !ok || ref.serverCPU <= 0 {
			continue
		}
		if first {
			fmt.Fprintf(w, "\n%-52s %8s  %-60s %8s %9s\n", "server CPU per request", "µs", "reference", "µs", "capacity")
			first = false
		}
		fmt.Fprintf(w, "%-52s %8.1f  %-60s %8.1f %8.2f×\n", r.name, us(r.serverCPU), r.reference, us(ref.serverCPU),
			float64(ref.serverCPU)/float64(r.serverCPU))
	}
}

func us(d time.Duration) float64 { return float64(d) / float64(time.Microsecond) }

func ms(d time.Duration) string { return fmt.Sprintf("%.2fms", float64(d.Microseconds())/1000) }

// msList is the durations in milliseconds without decimals, comma-separated.
func msList(ds []time.Duration) string {
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = strconv.FormatInt(d.Milliseconds(), 10)
	}
	return strings.Join(out, ", ")
}
