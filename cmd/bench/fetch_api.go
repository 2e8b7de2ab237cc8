package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"openbank/store"
)

// fetchAPI calls the fetch rows' server as their client.
type fetchAPI struct {
	base, token string
	client      *http.Client
}

func newFetchAPI(base string) (*fetchAPI, error) {
	a := &fetchAPI{base: base, client: &http.Client{Timeout: time.Minute, Transport: &http.Transport{MaxIdleConnsPerHost: fetchBurst}}}
	req, _ := http.NewRequest(http.MethodPost, base+"/oauth2/token", strings.NewReader("grant_type=client_credentials"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.SetBasicAuth(fetchClientID, fetchClientSecret)
	resp, err := a.client.Do(req)
	if err != nil {
		return nil, err
	}
	defer func() { _ = resp.Body.Close() }()
	var body struct {
		AccessToken string `json:"access_token"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil || body.AccessToken == "" {
		return nil, fmt.Errorf("token endpoint answered %d: %v", resp.StatusCode, err)
	}
	a.token = body.AccessToken
	return a, nil
}

// connect creates a recurring connection of Embedded Scenario's "user".
func (a *fetchAPI) connect(subject string) error {
	body, err := json.Marshal(map[string]any{"subjectId": subject, "provider": "embedded-scenario", "access": "recurring",
		"credentials": map[string]string{"username": "user", "password": "secret"}})
	if err != nil {
		return err
	}
	req, _ := http.NewRequest(http.MethodPost, a.base+"/aggregation/v3.12.0/connections", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+a.token)
	req.Header.Set("X-Request-Id", uuid.NewString())
	resp, err := a.client.Do(req)
	if err != nil {
		return err
	}
	defer func() { _ = resp.Body.Close() }()
	if resp.StatusCode != http.StatusCreated {
		msg, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
		return fmt.Errorf("POST /connections answered %d: %s", resp.StatusCode, msg)
	}
	return nil
}

// connectAtOnce creates connections from..to-1 all at once and returns
// when the last call was answered.
func (a *fetchAPI) connectAtOnce(from, to int) (time.Time, error) {
	var wg sync.WaitGroup
	errs := make(chan error, to-from)
	for i := from; i < to; i++ {
		wg.Go(func() {
			if err := a.connect(fmt.Sprintf("fleet-%04d", i)); err != nil {
				errs <- err
			}
		})
	}
	wg.Wait()
	close(errs)
	return time.Now(), <-errs
}

// burstResult is the first fetches of the connections created at once.
type burstResult struct {
	cpu            cpuSpent
	peakRSS        int64         // the server's, in bytes
	took, answered time.Duration // to the last fetch's end, to the last call's answer
	failed         int
}

// burst creates fetchBurst connections at once and waits for their first
// fetches.
func (a *fetchAPI) burst(db *sqlx.DB) (burstResult, error) {
	start := time.Now()
	answered, err := a.connectAtOnce(0, fetchBurst)
	if err != nil {
		return burstResult{}, err
	}
	t, _, err := awaitFetches(db, "connect", fetchBurst)
	if err != nil {
		return burstResult{}, err
	}
	return burstResult{took: t.Last.Time.Sub(start), answered: answered.Sub(start), failed: t.Failed}, nil
}

// sample is how many fetches had finished at a moment.
type sample struct {
	at       time.Time
	finished int
}

// awaitFetches polls until want fetches of trigger have finished, and
// returns the samples taken meanwhile.
func awaitFetches(db *sqlx.DB, trigger string, want int) (fetchTally, []sample, error) {
	ctx := context.Background()
	var samples []sample
	for deadline := time.Now().Add(fetchTimeout); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		t, err := tally(ctx, db, trigger)
		if err != nil {
			return t, samples, err
		}
		samples = append(samples, sample{at: time.Now(), finished: t.Finished})
		if t.Total >= want && t.Finished == t.Total {
			return t, samples, nil
		}
	}
	return fetchTally{}, samples, fmt.Errorf("%s fetches: not all %d finished after %s", trigger, want, fetchTimeout)
}

// queueRounds queues fetchRounds refetches of every connection of the
// rows' client, one statement per round.
func queueRounds(ctx context.Context, db *sqlx.DB) (int, error) {
	var ids []int64
	if err := db.SelectContext(ctx, &ids, `SELECT id FROM connections WHERE client_id = $1`, fetchClientID); err != nil {
		return 0, err
	}
	due := make([]store.ScheduledFetch, len(ids))
	for i, id := range ids {
		due[i] = store.ScheduledFetch{ConnectionID: id, RunAt: time.Now()}
	}
	queued := 0
	for range fetchRounds {
		n, err := store.New(db).QueueFetches(ctx, "refetch", due, 3)
		if err != nil {
			return queued, err
		}
		queued += n
	}
	return queued, nil
}
