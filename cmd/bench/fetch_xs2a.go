package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"time"

	"github.com/jmoiron/sqlx"
)

// The XS2A rows (-only xs2a): the first fetches of fetchBurst connections
// created at once with FETCH_LATENCY=2s, once from the in-process mock
// bank and once through the Berlin Group connector from the sandbox,
// which runs as a process of its own (`openbank sandbox`) so that the
// server's CPU is measured without the bank's, as it would be with a real
// bank. Each run has a server and a database of its own.
//
// Both runs connect Embedded Scenario's "user" with its credentials, by
// the same POST /connections, as the fetches part does: in-process the
// mock bank checks them, through the sandbox the connector starts the
// consent and its embedded authorisation at the sandbox bank. Both runs
// print the transactions stored per connection, which must be the same.
const (
	xs2aMockDatabase    = "xs2abench_mock"
	xs2aSandboxDatabase = "xs2abench_sandbox"
	xs2aCPURatioTarget  = 1.5 // server CPU per first fetch through the sandbox over the in-process one's
)

// xs2aRun is one burst and the CPU the bank's process used meanwhile.
type xs2aRun struct {
	burstResult
	bank    time.Duration // the sandbox process's CPU; 0 in-process
	history storedTxns
}

// xs2aBurstSize is how many connections each XS2A run creates at once
// (-xs2a-burst; fetchBurst unless a busy machine needs fewer).
var xs2aBurstSize = fetchBurst

// xs2aProfile, when set (-xs2a-profile), is the file the server's CPU
// profile over the sandbox run is written to.
var xs2aProfile string

// xs2aProfileSpan is how long that profile lasts from the burst's start:
// longer than the burst, whose end it must not miss.
const xs2aProfileSpan = 30 * time.Second

// storedTxns is the transactions stored per connection after a run: the
// fewest and the most of any connection, and the sum. Each connection's
// history comes from a seed of its own, drawn at random, so two runs
// compare by their mean: the same generator gives means within
// xs2aHistorySpread of each other over a burst.
type storedTxns struct {
	Min   int `db:"min"`
	Max   int `db:"max"`
	Total int `db:"total"`
}

// xs2aHistorySpread is how far apart the two runs' mean transactions per
// connection may be for the same history.
const xs2aHistorySpread = 0.02

func (h storedTxns) String() string {
	return fmt.Sprintf("%d–%d", h.Min, h.Max)
}

// mean is the transactions per connection of n connections.
func (h storedTxns) mean(n int) float64 { return float64(h.Total) / float64(n) }

// sameAs reports whether h and o are the same history within
// xs2aHistorySpread.
func (h storedTxns) sameAs(o storedTxns, n int) bool {
	a, b := h.mean(n), o.mean(n)
	return a > 0 && b > 0 && max(a, b)/min(a, b)-1 <= xs2aHistorySpread
}

// measureXS2A prints the in-process and the sandbox bursts and the ratio
// of their server CPU per first fetch.
func measureXS2A(w io.Writer, binary, dsn string) error {
	fmt.Fprintln(os.Stderr, "bench: first fetches of", xs2aBurstSize, "connections from the in-process mock bank …")
	mock, err := xs2aBurst(binary, dsn, xs2aMockDatabase, nil, nil)
	if err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "openbank-bench-sandbox-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	sandbox, err := startSandbox(binary, dir)
	if err != nil {
		return err
	}
	defer sandbox.stop()
	fmt.Fprintln(os.Stderr, "bench: first fetches of", xs2aBurstSize, "connections through the XS2A sandbox …")
	through, err := xs2aBurst(binary, dsn, xs2aSandboxDatabase, sandbox, []string{"BANK_DIRECTORY=" + sandbox.directory})
	if err != nil {
		return err
	}
	printXS2A(w, mock, through)
	return nil
}

// xs2aBurst starts a server on a new database and measures the first
// fetches of xs2aBurstSize connections created at once: from the
// in-process mock bank when sandbox is nil, else through it.
func xs2aBurst(binary, dsn, database string, sandbox *sandboxProcess, env []string) (xs2aRun, error) {
	fdsn, err := prepareFetchDatabase(dsn, database)
	if err != nil {
		return xs2aRun{}, err
	}
	cmd, base, err := launchServer(binary, fdsn, os.Stderr, append([]string{"BENCH_ROUTES=true", "FETCH_LATENCY=2s"}, env...)...)
	if err != nil {
		return xs2aRun{}, err
	}
	defer func() { _ = cmd.Process.Signal(os.Interrupt); _ = cmd.Wait() }()
	db, err := openPool(fdsn, 4)
	if err != nil {
		return xs2aRun{}, err
	}
	defer func() { _ = db.Close() }()
	api, err := newFetchAPI(base)
	if err != nil {
		return xs2aRun{}, err
	}
	meter, err := newCPUMeter(context.Background(), cmd.Process.Pid, db)
	if err != nil {
		return xs2aRun{}, err
	}
	var run xs2aRun
	bank0 := sandbox.cpu()
	profiled := make(chan error, 1)
	if sandbox != nil && xs2aProfile != "" {
		go func() { profiled <- saveProfile(base, xs2aProfile) }()
	} else {
		profiled <- nil
	}
	cpu, err := meter.measure(func() (err error) { run.burstResult, err = api.burstOf(db, xs2aBurstSize); return err })
	if err != nil {
		return xs2aRun{}, err
	}
	if err := <-profiled; err != nil {
		return xs2aRun{}, fmt.Errorf("server profile: %w", err)
	}
	run.cpu, run.bank = cpu, sandbox.cpu()-bank0
	if run.peakRSS, err = peakRSS(cmd.Process.Pid); err != nil {
		return xs2aRun{}, err
	}
	run.history, err = storedHistory(db)
	return run, err
}

// burstOf connects n subjects at once and waits for their first fetches.
func (a *fetchAPI) burstOf(db *sqlx.DB, n int) (burstResult, error) {
	start := time.Now()
	answered, err := a.connectAtOnce(0, n)
	if err != nil {
		return burstResult{}, err
	}
	t, _, err := awaitFetches(db, "connect", n)
	if err != nil {
		return burstResult{}, err
	}
	return burstResult{took: t.Last.Time.Sub(start), answered: answered.Sub(start), failed: t.Failed}, nil
}

// storedHistory counts the transactions stored per connection of the
// rows' client.
func storedHistory(db *sqlx.DB) (storedTxns, error) {
	var h storedTxns
	err := db.Get(&h, `SELECT coalesce(min(n), 0) AS min, coalesce(max(n), 0) AS max, coalesce(sum(n), 0) AS total
		FROM (SELECT c.id, count(t.id) AS n FROM connections c
			LEFT JOIN accounts a ON a.connection_id = c.id
			LEFT JOIN transactions t ON t.account_id = a.id
			WHERE c.client_id = $1 GROUP BY c.id) per`, fetchClientID)
	return h, err
}

// saveProfile writes the server's CPU profile over the next
// xs2aProfileSpan to file, from its bench-only profiler route.
func saveProfile(base, file string) error {
	c := &http.Client{Timeout: xs2aProfileSpan + time.Minute}
	resp, err := c.Get(base + "/bench/pprof/profile?seconds=" + strconv.Itoa(int(xs2aProfileSpan.Seconds())))
	if err != nil {
		return err
	}
	defer func() { _ = resp.Body.Close() }()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("the profiler answered %d", resp.StatusCode)
	}
	f, err := os.Create(file) //nolint:gosec // G304: the file named by the bench's own flag
	if err != nil {
		return err
	}
	if _, err := io.Copy(f, resp.Body); err != nil {
		_ = f.Close()
		return err
	}
	return f.Close()
}

// sandboxProcess is `openbank sandbox` running for the bench.
type sandboxProcess struct {
	cmd       *exec.Cmd
	directory string // the directory file it wrote
	ca        string // its authority's certificate
}

// startSandbox runs `binary sandbox` on a free loopback address with its
// files under dir, and waits for its directory file.
func startSandbox(binary, dir string) (*sandboxProcess, error) {
	addr, err := freeAddr()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(binary, "sandbox")
	cmd.Env = append(os.Environ(), "SANDBOX_ADDR="+addr, "DATA_DIR="+dir, "LOG_LEVEL=warn", "MOCK_SLOW_FETCH=0s")
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	p := &sandboxProcess{cmd: cmd, directory: dir + "/sandbox/banks.json", ca: dir + "/sandbox/ca.pem"}
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if codes, err := directoryCodes(p.directory); err == nil && len(codes) > 0 {
			return p, nil
		}
	}
	p.stop()
	return nil, fmt.Errorf("the sandbox wrote no directory at %s", p.directory)
}

// stop ends the sandbox.
func (p *sandboxProcess) stop() {
	_ = p.cmd.Process.Signal(os.Interrupt)
	_ = p.cmd.Wait()
}

// cpu is the CPU time the sandbox has used so far; 0 for no sandbox.
func (p *sandboxProcess) cpu() time.Duration {
	if p == nil {
		return 0
	}
	f, err := procStat(p.cmd.Process.Pid)
	if err != nil {
		return 0
	}
	return f.own
}

func printXS2A(w io.Writer, mock, through xs2aRun) {
	n := xs2aBurstSize
	perFetch := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) / float64(n) }
	ratio := 0.0
	if mock.cpu.server > 0 {
		ratio = float64(through.cpu.server) / float64(mock.cpu.server)
	}
	same := mock.history.sameAs(through.history, n)
	fmt.Fprintf(w, "\n%-70s %10s %8s %4s %6s %10s %12s %9s %12s\n", fmt.Sprintf("first fetches of %d connections at once, FETCH_LATENCY=2s", n),
		"figure", "target", "met", "failed", "server CPU", "server+db", "bank CPU", "txns/conn")
	fmt.Fprintf(w, "%-70s %9.2fs %8s %4s %6d %8.2fms %12s %9s %12s\n", "from the in-process mock bank (Embedded Scenario)",
		mock.took.Seconds(), "-", "-", mock.failed, perFetch(mock.cpu.server), mock.cpu.split(n), "-", mock.history)
	fmt.Fprintf(w, "%-70s %9.2fs %8s %4s %6d %8.2fms %12s %7.2fms %12s\n", "through the XS2A sandbox, loopback TLS (Embedded Scenario, embedded SCA)",
		through.took.Seconds(), fmt.Sprintf("≤ %.0fs", burstTarget.Seconds()), metMark(through.took <= burstTarget && through.failed == 0), through.failed,
		perFetch(through.cpu.server), through.cpu.split(n), perFetch(through.bank), through.history)
	fmt.Fprintf(w, "%-70s %9.2f× %8s %4s\n", "first fetch through the XS2A sandbox: server CPU per fetch vs in-process",
		ratio, fmt.Sprintf("≤ %.1f×", xs2aCPURatioTarget), metMark(same && ratio > 0 && ratio <= xs2aCPURatioTarget))
	fmt.Fprintln(w, "server CPU: the server process's CPU time over the burst per first fetch (the sandbox's own, a separate process, is the bank CPU column)")
	fmt.Fprintf(w, "txns/conn: transactions stored per connection, fewest–most (mean in-process %.1f, through the sandbox %.1f)",
		mock.history.mean(n), through.history.mean(n))
	if !same {
		fmt.Fprintf(w, ": NOT the same history (means over %.0f%% apart), the ratio is not comparable", 100*xs2aHistorySpread)
	}
	fmt.Fprintln(w)
}

// directoryCodes are the bank codes of a directory file.
func directoryCodes(file string) ([]string, error) {
	raw, err := os.ReadFile(file) //nolint:gosec // G304: the directory file the bench's own sandbox wrote
	if err != nil {
		return nil, err
	}
	var d struct {
		Banks []struct {
			Code string `json:"code"`
		} `json:"banks"`
	}
	if err := json.Unmarshal(raw, &d); err != nil {
		return nil, err
	}
	codes := make([]string, len(d.Banks))
	for i, b := range d.Banks {
		codes[i] = b.Code
	}
	return codes, nil
}
