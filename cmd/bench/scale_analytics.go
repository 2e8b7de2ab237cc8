package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"time"

	"github.com/google/uuid"
)

// The large subject whose analytics the scale part measures.
const (
	scaleSubject     = "bench-scale-analytics"
	scaleSubjectRows = 50_000
	scaleAnalyses    = 9
	scalePoll        = 5 * time.Millisecond
)

// measureAnalytics stores a subject with scaleSubjectRows transactions in
// the full table and times its analytics from the request to the body,
// computed afresh each time: more rows than a request computes itself, so
// the answer is a 202 and its link, polled until the job has built it.
func (s *scale) measureAnalytics() error {
	if err := seedPersonaSubject(context.Background(), s.db, scaleSubject, scaleSubjectRows); err != nil {
		return err
	}
	times := make([]time.Duration, 0, scaleAnalyses)
	built := make([]time.Duration, 0, scaleAnalyses)
	start := time.Now()
	for range scaleAnalyses {
		if _, err := s.db.Exec(`DELETE FROM results WHERE subject_id = $1`, scaleSubject); err != nil {
			return err
		}
		t0 := time.Now()
		if err := s.analyticsOnce(); err != nil {
			return err
		}
		times = append(times, time.Since(t0))
		var took float64
		if err := s.db.Get(&took, `SELECT extract(epoch FROM max(finished_at - created_at)) * 1000 FROM results
			WHERE subject_id = $1`, scaleSubject); err != nil {
			return err
		}
		built = append(built, time.Duration(took*float64(time.Millisecond)))
	}
	order := slices.Clone(built)
	slices.Sort(times)
	slices.Sort(built)
	s.results = append(s.results, result{name: "scale: analytics, 50k transactions", rps: float64(len(times)) / time.Since(start).Seconds(),
		p50: times[len(times)/2], p99: times[len(times)-1], goal: goal{maxP50: 300 * time.Millisecond}})
	s.note("\nscale: analytics of %d transactions: from the 202 to the result built, on the server: p50 %s, max %s",
		scaleSubjectRows, ms(built[len(built)/2]), ms(built[len(built)-1]))
	s.note("scale:   each build on the server, in order (the first on a connection maps the buffer pool): %s", msList(order))
	return nil
}

// analyticsOnce asks for the subject's analytics and follows the link of
// a 202 until the body is there.
func (s *scale) analyticsOnce() error {
	req, _ := http.NewRequest(http.MethodGet, s.base+"/aggregation/v3.12.0/subjects/"+scaleSubject+"/analytics", nil)
	req.Header.Set("X-Request-Id", uuid.NewString())
	status, body, err := s.fetch(s.authed(req))
	if err != nil || status == http.StatusOK {
		return err
	}
	var link resultLinkBody
	if status != http.StatusAccepted || json.Unmarshal(body, &link) != nil || link.OutputURI == "" {
		return fmt.Errorf("analytics answered %d: %s", status, body)
	}
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(scalePoll) {
		req, _ := http.NewRequest(http.MethodGet, link.OutputURI, nil)
		status, body, err := s.fetch(req)
		if err != nil || status == http.StatusOK {
			return err
		}
		if status != http.StatusAccepted {
			return fmt.Errorf("analytics link answered %d: %s", status, body)
		}
	}
	return fmt.Errorf("analytics not built within a minute")
}

// resultLinkBody is the part of a 202's body the bench follows.
type resultLinkBody struct {
	OutputURI string `json:"outputUri"`
}

// fetch sends req and returns the status and body of the answer.
func (s *scale) fetch(req *http.Request) (int, []byte, error) {
	resp, err := s.client.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer func() { _ = resp.Body.Close() }()
	body, err := io.ReadAll(resp.Body)
	return resp.StatusCode, body, err
}
