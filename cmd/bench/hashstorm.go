package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"openbank/oauth"
	"openbank/store"
)

// The password storm: stormWorkers concurrent wrong passwords for unknown
// usernames, each from a new address (a botnet: no throttle holds it
// back), against a server of its own, while the one real user signs in
// with the right password every stormSignInEvery from the address it
// signed in from before the storm.
const (
	stormWorkers     = 100
	stormDuration    = 10 * time.Second
	stormSignInEvery = 250 * time.Millisecond
	stormRSSGoal     = 300 << 20
	stormClientID    = "bench-storm"
	stormUser        = "bench-storm-user"
	stormPassword    = "bench-storm-password"
	ownerAddress     = 1<<24 - 1 // 10.255.255.255; the storm's addresses count up from 10.0.0.1
)

// measureHashStorm prints the peak RSS of a server under the storm and
// the latency of a correct sign-in during it.
func measureHashStorm(w io.Writer, binary, dsn string) error {
	if err := prepareStorm(dsn); err != nil {
		return err
	}
	cmd, base, err := startStormServer(binary, dsn)
	if err != nil {
		return err
	}
	defer func() { _ = cmd.Process.Signal(os.Interrupt); _ = cmd.Wait() }()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: stormWorkers + 4}}
	if status, err := signIn(client, base, stormUser, stormPassword, ownerAddress); err != nil || status != http.StatusOK {
		return fmt.Errorf("the owner's sign-in before the storm: %d %v", status, err)
	}
	var addr atomic.Int64
	stop := make(chan struct{})
	var storm sync.WaitGroup
	for range stormWorkers {
		storm.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
				}
				n := addr.Add(1)
				_, _ = signIn(client, base, fmt.Sprintf("nobody-%d", n), "wrong-password", n)
			}
		})
	}
	signIns := correctSignIns(client, base)
	close(stop)
	storm.Wait()
	peak, err := peakRSS(cmd.Process.Pid)
	if err != nil {
		return err
	}
	printStorm(w, peak, signIns)
	return nil
}

// signInResult is one correct sign-in during the storm.
type signInResult struct {
	took   time.Duration
	status int
}

// correctSignIns signs the real user in from its address every
// stormSignInEvery for the storm's duration.
func correctSignIns(client *http.Client, base string) []signInResult {
	var out []signInResult
	tick := time.NewTicker(stormSignInEvery)
	defer tick.Stop()
	for end := time.Now().Add(stormDuration); time.Now().Before(end); <-tick.C {
		start := time.Now()
		status, err := signIn(client, base, stormUser, stormPassword, ownerAddress)
		if err != nil {
			status = 0
		}
		out = append(out, signInResult{took: time.Since(start), status: status})
	}
	return out
}

// signIn is a password grant from the n-th client address.
func signIn(client *http.Client, base, username, password string, n int64) (int, error) {
	form := url.Values{"grant_type": {"password"}, "username": {username}, "password": {password}}
	req, _ := http.NewRequest(http.MethodPost, base+"/oauth2/token", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("X-Forwarded-For", fmt.Sprintf("10.%d.%d.%d", n>>16&255, n>>8&255, n&255))
	req.SetBasicAuth(stormClientID, "")
	resp, err := client.Do(req)
	if err != nil {
		return 0, err
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	return resp.StatusCode, resp.Body.Close()
}

// prepareStorm registers the storm's public client and its user.
func prepareStorm(dsn string) error {
	ctx := context.Background()
	db, err := openPool(dsn, 2)
	if err != nil {
		return err
	}
	defer func() { _ = db.Close() }()
	registry := &oauth.Registry{Store: store.New(db)}
	_, _, err = registry.CreateClient(ctx, oauth.ClientSpec{ClientID: stormClientID, Public: true, Name: "bench storm",
		Grants: []string{oauth.GrantPassword}})
	if err != nil {
		return err
	}
	return registry.CreateUser(ctx, stormUser, stormPassword, false)
}

// startStormServer starts a server that believes X-Forwarded-For from the
// bench, so that the storm comes from many addresses.
func startStormServer(binary, dsn string) (*exec.Cmd, string, error) {
	return launchServer(binary, dsn, io.Discard, // every refused attempt is logged
		"LOG_LEVEL=error", "TRUSTED_PROXIES=127.0.0.1/32", "DB_MAX_CONNS=20")
}

// peakRSS is the high-water mark of a process's resident memory (Linux).
func peakRSS(pid int) (int64, error) {
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(status), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return kb << 10, err
		}
	}
	return 0, fmt.Errorf("no VmHWM in /proc/%d/status", pid)
}

// printStorm prints the storm's rows.
func printStorm(w io.Writer, peak int64, signIns []signInResult) {
	took := make([]time.Duration, 0, len(signIns))
	ok := 0
	for _, s := range signIns {
		took = append(took, s.took)
		if s.status == http.StatusOK {
			ok++
		}
	}
	slices.Sort(took)
	fmt.Fprintf(w, "\n%-58s %14s  %-12s %s\n", fmt.Sprintf("password storm (%d-way, unknown usernames, %s)", stormWorkers, stormDuration), "value", "target", "met")
	fmt.Fprintf(w, "%-58s %11d MB  %-12s %s\n", "server peak RSS", peak>>20, fmt.Sprintf("<= %d MB", stormRSSGoal>>20), yesNo(peak <= stormRSSGoal))
	if len(took) > 0 {
		fmt.Fprintf(w, "%-58s %14s  %-12s %s\n", "owner's correct sign-in during the storm, p50", ms(took[len(took)/2]), "-", "-")
		fmt.Fprintf(w, "%-58s %14s  %-12s %s\n", "owner's correct sign-in during the storm, max", ms(took[len(took)-1]), "-", "-")
	}
	fmt.Fprintf(w, "%-58s %14s  %-12s %s\n", "owner's correct sign-ins answered 200", fmt.Sprintf("%d of %d", ok, len(signIns)), "all", yesNo(ok == len(signIns)))
}
