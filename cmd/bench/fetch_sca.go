package main

import (
	"bytes"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"
)

// redirectSCA connects Redirect Scenario's "user" through the sandbox, as
// the subject's browser would: nothing follows a redirect by itself.
type redirectSCA struct {
	api      *fetchAPI
	server   *http.Client // to the server's start and return addresses
	bankPage *http.Client // to the sandbox's sign-in page, trusting its authority
}

func newRedirectSCA(api *fetchAPI, sandbox *sandboxProcess) (*redirectSCA, error) {
	pem, err := os.ReadFile(sandbox.ca)
	if err != nil {
		return nil, err
	}
	roots := x509.NewCertPool()
	if !roots.AppendCertsFromPEM(pem) {
		return nil, fmt.Errorf("%s holds no certificate", sandbox.ca)
	}
	manual := func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	return &redirectSCA{api: api,
		server: &http.Client{Timeout: time.Minute, CheckRedirect: manual, Transport: &http.Transport{MaxIdleConnsPerHost: fetchBurst}},
		bankPage: &http.Client{Timeout: time.Minute, CheckRedirect: manual, Transport: &http.Transport{MaxIdleConnsPerHost: fetchBurst,
			TLSClientConfig: &tls.Config{MinVersion: tls.VersionTLS12, RootCAs: roots}}}}, nil
}

// connect creates a recurring connection of subject and approves its
// consent on the sandbox's page with the test user's password.
func (s *redirectSCA) connect(subject string) error {
	body, err := json.Marshal(map[string]any{"subjectId": subject, "provider": "redirect-scenario", "access": "recurring",
		"returnTo": benchReturnOrigin + "/back"})
	if err != nil {
		return err
	}
	req, _ := http.NewRequest(http.MethodPost, s.api.base+"/aggregation/v3.12.0/connections", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+s.api.token)
	req.Header.Set("X-Request-Id", uuid.NewString())
	var created struct {
		Link string `json:"scaRedirectUrl"`
	}
	if err := s.expect(s.api.client, req, http.StatusCreated, &created); err != nil {
		return fmt.Errorf("POST /connections: %w", err)
	}
	if created.Link == "" {
		return errors.New("POST /connections gave no scaRedirectUrl")
	}
	signIn, err := s.follow(s.server, mustRequest(http.MethodGet, created.Link, nil))
	if err != nil {
		return fmt.Errorf("start link: %w", err)
	}
	form := url.Values{"username": {"user"}, "password": {"secret"}, "action": {"approve"}}
	req = mustRequest(http.MethodPost, signIn, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	back, err := s.follow(s.bankPage, req)
	if err != nil {
		return fmt.Errorf("sign-in: %w", err)
	}
	resp, err := s.server.Do(mustRequest(http.MethodGet, back, nil))
	if err != nil {
		return fmt.Errorf("return: %w", err)
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	_ = resp.Body.Close()
	if resp.StatusCode >= 400 {
		return fmt.Errorf("return answered %d", resp.StatusCode)
	}
	return nil
}

// follow sends req and returns where its 303 goes.
func (s *redirectSCA) follow(c *http.Client, req *http.Request) (string, error) {
	resp, err := c.Do(req)
	if err != nil {
		return "", err
	}
	msg, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
	_ = resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther && resp.StatusCode != http.StatusFound {
		return "", fmt.Errorf("%s %s answered %d: %s", req.Method, req.URL.Path, resp.StatusCode, msg)
	}
	loc, err := resp.Location()
	if err != nil {
		return "", err
	}
	return loc.String(), nil
}

// expect sends req, checks its status and decodes its body into out.
func (s *redirectSCA) expect(c *http.Client, req *http.Request, status int, out any) error {
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	defer func() { _ = resp.Body.Close() }()
	if resp.StatusCode != status {
		msg, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
		return fmt.Errorf("answered %d: %s", resp.StatusCode, msg)
	}
	return json.NewDecoder(resp.Body).Decode(out)
}

func mustRequest(method, target string, body io.Reader) *http.Request {
	req, err := http.NewRequest(method, target, body)
	if err != nil {
		panic(err)
	}
	return req
}

// burstWith connects fetchBurst subjects at once with connect and waits
// for their first fetches.
func (a *fetchAPI) burstWith(db *sqlx.DB, connect func(subject string) error) (burstResult, error) {
	start := time.Now()
	var wg sync.WaitGroup
	errs := make(chan error, fetchBurst)
	for i := range fetchBurst {
		wg.Go(func() {
			if err := connect(fmt.Sprintf("fleet-%04d", i)); err != nil {
				errs <- err
			}
		})
	}
	wg.Wait()
	answered := time.Now()
	close(errs)
	if err := <-errs; err != nil {
		return burstResult{}, err
	}
	t, _, err := awaitFetches(db, "connect", fetchBurst)
	if err != nil {
		return burstResult{}, err
	}
	return burstResult{took: t.Last.Time.Sub(start), answered: answered.Sub(start), failed: t.Failed}, nil
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
