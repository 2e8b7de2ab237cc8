package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"time"
)

// The XS2A rows (-only xs2a): the first fetches of fetchBurst connections
// created at once with FETCH_LATENCY=2s, once from the in-process mock
// bank and once through the Berlin Group connector from the sandbox,
// which runs as a process of its own (`openbank sandbox`) so that the
// server's CPU is measured without the bank's, as it would be with a real
// bank. Each run has a server and a database of its own.
//
// The in-process run connects Embedded Scenario with its credentials, as
// the fetches part does; the sandbox run connects Redirect Scenario, whose
// history comes from the same generator, and drives its redirect SCA as
// the subject's browser would: the server's start link (which asks the
// sandbox for the consent), the sandbox's sign-in form, the server's
// return address (which queues the first fetch).
const (
	xs2aMockDatabase    = "xs2abench_mock"
	xs2aSandboxDatabase = "xs2abench_sandbox"
	xs2aCPURatioTarget  = 1.5 // server CPU per first fetch through the sandbox over the in-process one's
)

// xs2aRun is one burst and the CPU the bank's process used meanwhile.
type xs2aRun struct {
	burstResult
	bank time.Duration // the sandbox process's CPU; 0 in-process
}

// measureXS2A prints the in-process and the sandbox bursts and the ratio
// of their server CPU per first fetch.
func measureXS2A(w io.Writer, binary, dsn string) error {
	fmt.Fprintln(os.Stderr, "bench: first fetches of", fetchBurst, "connections from the in-process mock bank …")
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
	fmt.Fprintln(os.Stderr, "bench: first fetches of", fetchBurst, "connections through the XS2A sandbox …")
	through, err := xs2aBurst(binary, dsn, xs2aSandboxDatabase, sandbox, []string{"BANK_DIRECTORY=" + sandbox.directory})
	if err != nil {
		return err
	}
	printXS2A(w, mock, through)
	return nil
}

// xs2aBurst starts a server on a new database and measures the first
// fetches of fetchBurst connections created at once: from the in-process
// mock bank when sandbox is nil, else through it.
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
	connect := api.connect
	if sandbox != nil {
		sca, err := newRedirectSCA(api, sandbox)
		if err != nil {
			return xs2aRun{}, err
		}
		connect = sca.connect
	}
	var run xs2aRun
	bank0 := sandbox.cpu()
	cpu, err := meter.measure(func() (err error) { run.burstResult, err = api.burstWith(db, connect); return err })
	if err != nil {
		return xs2aRun{}, err
	}
	run.cpu, run.bank = cpu, sandbox.cpu()-bank0
	run.peakRSS, err = peakRSS(cmd.Process.Pid)
	return run, err
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
	perFetch := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) / fetchBurst }
	ratio := 0.0
	if mock.cpu.server > 0 {
		ratio = float64(through.cpu.server) / float64(mock.cpu.server)
	}
	fmt.Fprintf(w, "\n%-70s %10s %8s %4s %6s %10s %12s %9s\n", fmt.Sprintf("first fetches of %d connections at once, FETCH_LATENCY=2s", fetchBurst),
		"figure", "target", "met", "failed", "server CPU", "server+db", "bank CPU")
	fmt.Fprintf(w, "%-70s %9.2fs %8s %4s %6d %8.2fms %12s %9s\n", "from the in-process mock bank (Embedded Scenario)",
		mock.took.Seconds(), "-", "-", mock.failed, perFetch(mock.cpu.server), mock.cpu.split(fetchBurst), "-")
	fmt.Fprintf(w, "%-70s %9.2fs %8s %4s %6d %8.2fms %12s %7.2fms\n", "through the XS2A sandbox, loopback TLS (Redirect Scenario, SCA driven)",
		through.took.Seconds(), fmt.Sprintf("≤ %.0fs", burstTarget.Seconds()), metMark(through.took <= burstTarget && through.failed == 0), through.failed,
		perFetch(through.cpu.server), through.cpu.split(fetchBurst), perFetch(through.bank))
	fmt.Fprintf(w, "%-70s %9.2f× %8s %4s\n", "first fetch through the XS2A sandbox: server CPU per fetch vs in-process",
		ratio, fmt.Sprintf("≤ %.1f×", xs2aCPURatioTarget), metMark(ratio > 0 && ratio <= xs2aCPURatioTarget))
	fmt.Fprintln(w, "server CPU: the server process's CPU time over the burst per first fetch (the sandbox's own, a separate process, is the bank CPU column)")
}
