package main

import (
	"context"
	"io"
	"net/http"
	"slices"
	"sync"
	"time"
)

// interleaveSlice is how long the workers drive one operation of a pair
// before they switch to the other.
const interleaveSlice = 50 * time.Millisecond

// measureInterleaved drives the pair of operations with the same `conns`
// closed-loop workers for d, switching between them every interleaveSlice,
// so that both meet the same load from the rest of the machine and their
// ratio does not depend on when each ran. A request counts for the
// operation whose slice it started in. With serverCPU (nil: not measured),
// the server's CPU time over each slice counts for that slice's operation,
// and each result gets the server's CPU per request: what the server's
// capacity for it is, whatever the load generator on the same cores
// spends. The requests that straddle a switch (at most conns of the
// thousands of a slice) blur the two a little, towards each other.
func measureInterleaved(client *http.Client, pair [2]operation, conns int, d time.Duration, serverCPU func() time.Duration) [2]result {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	var lat [2][][]time.Duration
	var errs [2][]int64
	for k := range pair {
		lat[k], errs[k] = make([][]time.Duration, conns), make([]int64, conns)
	}
	var wg sync.WaitGroup
	var spent [2]time.Duration
	start := time.Now()
	if serverCPU != nil {
		wg.Go(func() { spent = shareCPU(ctx, start, serverCPU) })
	}
	for w := range conns {
		wg.Go(func() {
			for i := 0; ctx.Err() == nil; i++ {
				k := int(time.Since(start)/interleaveSlice) % 2
				t0 := time.Now()
				if pairRequest(client, pair[k], w, i) {
					lat[k][w] = append(lat[k][w], time.Since(t0))
				} else {
					errs[k][w]++
				}
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	var out [2]result
	for k, op := range pair {
		out[k] = summarise(op, slices.Concat(lat[k]...), elapsed/2)
		for _, n := range errs[k] {
			out[k].errors += n
		}
		if n := out[k].rps * (elapsed / 2).Seconds(); n > 0 {
			out[k].serverCPU = time.Duration(float64(spent[k]) / n)
		}
	}
	return out
}

// shareCPU reads the server's CPU time at each switch of the pair's slices
// until ctx ends, and returns what each operation's slices used.
func shareCPU(ctx context.Context, start time.Time, serverCPU func() time.Duration) (spent [2]time.Duration) {
	last := serverCPU()
	for n := 1; ; n++ {
		t := time.NewTimer(time.Until(start.Add(time.Duration(n) * interleaveSlice)))
		select {
		case <-ctx.Done():
			t.Stop()
			now := serverCPU()
			spent[(n-1)%2] += now - last
			return spent
		case <-t.C:
		}
		now := serverCPU()
		spent[(n-1)%2] += now - last
		last = now
	}
}

// pairRequest sends one request of op and reports whether it was answered
// with op.status.
func pairRequest(client *http.Client, op operation, w, i int) bool {
	resp, err := client.Do(op.request(w, i))
	if err != nil {
		return false
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	_ = resp.Body.Close()
	return resp.StatusCode == op.status
}

// summarise is the result of op from its latencies over its share of the
// time.
func summarise(op operation, all []time.Duration, share time.Duration) result {
	slices.Sort(all)
	r := result{name: op.name, reference: op.reference, goal: op.goal}
	if len(all) > 0 {
		r.rps = float64(len(all)) / share.Seconds()
		r.p50 = all[len(all)/2]
		r.p99 = all[len(all)*99/100]
	}
	return r
}
