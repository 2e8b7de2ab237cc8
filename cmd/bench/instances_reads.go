package main

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"slices"
	"time"
)

// interleavedReads measures the read route sent to the first instance
// alone and spread over both, in alternating one-second slices.
func interleavedReads(client *http.Client, clock *serverClock, conns int, dur time.Duration, baseA, baseB string) (*instanceFigures, *instanceFigures, error) {
	opOne, err := readRoute(client, baseA)
	if err != nil {
		return nil, nil, err
	}
	opTwo, err := readRoute(client, baseA, baseB)
	if err != nil {
		return nil, nil, err
	}
	fmt.Fprintln(os.Stderr, "bench: instances: GET /showcases/{name}, 1 and 2 instances in turn …")
	measure(client, opOne, conns, time.Second) // warm-up
	measure(client, opTwo, conns, time.Second)
	var ones, twos []result
	var cpu [2]time.Duration
	for range max(1, int(dur/time.Second)) {
		ones = append(ones, timedSlice(client, clock, opOne, conns, &cpu[0]))
		twos = append(twos, timedSlice(client, clock, opTwo, conns, &cpu[1]))
	}
	one, two := sliceFigures(ones), sliceFigures(twos)
	one.readCPU, two.readCPU = cpu[0], cpu[1]
	return one, two, nil
}

// timedSlice measures op for one second and adds the CPU the servers and
// the database used meanwhile to cpu.
func timedSlice(client *http.Client, clock *serverClock, op operation, conns int, cpu *time.Duration) result {
	before := clock.used()
	r := measure(client, op, conns, time.Second)
	*cpu += clock.used() - before
	return r
}

// readRoute is the showcase read sent worker by worker to each of bases,
// with a token of that instance (each is its own issuer, PUBLIC_URL).
func readRoute(client *http.Client, bases ...string) (operation, error) {
	benches := make([]*bench, len(bases))
	for i, base := range bases {
		token, err := accessToken(client, base)
		if err != nil {
			return operation{}, err
		}
		benches[i] = &bench{base: base, token: token}
		if err := answers(client, benches[i].getShowcase(i, 0)); err != nil {
			return operation{}, err
		}
	}
	return operation{name: fmt.Sprintf("GET /showcases/{name}, %d instance(s)", len(bases)), status: 200,
		request: func(w, i int) *http.Request { return benches[w%len(benches)].getShowcase(w, i) }}, nil
}

// sliceFigures are the slices' mean rate, median p50 and p99 and their errors.
func sliceFigures(rs []result) *instanceFigures {
	f := &instanceFigures{}
	p50s, p99s := make([]time.Duration, len(rs)), make([]time.Duration, len(rs))
	for i, r := range rs {
		f.rps += r.rps / float64(len(rs))
		f.requests += r.rps // each slice lasts a second
		f.errors += r.errors
		p50s[i], p99s[i] = r.p50, r.p99
	}
	slices.Sort(p50s)
	slices.Sort(p99s)
	f.p50, f.p99 = p50s[len(rs)/2], p99s[len(rs)/2]
	return f
}

// answers checks that req is answered 200 before it is measured.
func answers(client *http.Client, req *http.Request) error {
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	defer func() { _ = resp.Body.Close() }()
	if resp.StatusCode != http.StatusOK {
		body, _ := io.ReadAll(io.LimitReader(resp.Body, 300))
		return fmt.Errorf("instances: %s %s answered %d: %s", req.Method, req.URL, resp.StatusCode, body)
	}
	return nil
}
