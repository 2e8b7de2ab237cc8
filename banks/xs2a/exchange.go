package xs2a

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"openbank/banks"
)

// call is one request to the bank.
type call struct {
	method, path string // path: below the base URL, or an absolute link of the bank's
	body         any    // marshalled as JSON; nil: no body
	consentID    string // sent as Consent-ID
	redirectURI  string // sent as TPP-Redirect-URI
	psuID        string // sent as PSU-ID
	embedded     bool   // a consent asked for the embedded approach: TPP-Redirect-Preferred false
	decoupled    bool   // the decoupled approach: TPP-Redirect-Preferred false, TPP-Decoupled-Preferred true
}

// do sends a call and decodes the bank's 2xx answer into out (nil: ignore
// the body). A GET is asked again after a timeout or a 5xx without
// Retry-After, waiting longer each time; every other failure is classified
// at once (see classify).
func (c *Connector) do(ctx context.Context, cl call, out any) error {
	err := c.ask(ctx, cl, out)
	if err == errConsentInvalid && cl.consentID != "" {
		err = c.why(ctx, cl.consentID)
	}
	var pe *banks.ProviderError
	switch {
	case err == nil:
		c.stats.answered(c.now())
	case errors.As(err, &pe):
		c.stats.failed(c.now(), err)
	}
	return err
}

// ask is do without the bookkeeping of the bank's health.
func (c *Connector) ask(ctx context.Context, cl call, out any) error {
	target, err := c.resolve(cl.path)
	if err != nil {
		return err
	}
	var body []byte
	if cl.body != nil {
		if body, err = json.Marshal(cl.body); err != nil {
			return fmt.Errorf("xs2a: request body: %w", err)
		}
	}
	for try := 0; ; try++ {
		status, header, answer, err := c.exchange(ctx, cl, target, body, out)
		if retry := c.transient(status, err) && header.Get("Retry-After") == "" && (cl.method == http.MethodGet || cl.method == http.MethodDelete); retry && try < c.retries {
			c.stats.Retries.Add(1)
			if err := sleep(ctx, c.backoff<<try); err != nil {
				return err
			}
			continue
		}
		var pe *banks.ProviderError
		if errors.As(err, &pe) {
			return err
		}
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			c.stats.Unavailable.Add(1)
			return unavailable("no answer: " + plainNetError(err))
		}
		if status >= 300 {
			return c.classify(status, header, answer)
		}
		return nil
	}
}

// exchange sends one request and reads its answer within the page limit:
// a 2xx answer is decoded into out as it arrives (see decode), any other
// is returned whole for classify.
func (c *Connector) exchange(ctx context.Context, cl call, target string, body []byte, out any) (int, http.Header, []byte, error) {
	var reader io.Reader
	if body != nil {
		reader = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, cl.method, target, reader)
	if err != nil {
		return 0, nil, nil, err
	}
	c.headers(ctx, req, cl, body)
	resp, err := c.client.Do(req)
	if err != nil {
		return 0, nil, nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode < 300 && out != nil && resp.StatusCode != http.StatusNoContent {
		return resp.StatusCode, resp.Header, nil, c.decode(resp.Body, out, cl.method, target)
	}
	answer, err := io.ReadAll(io.LimitReader(resp.Body, c.limits.PageBytes+1))
	if err != nil {
		return 0, nil, nil, err
	}
	if int64(len(answer)) > c.limits.PageBytes {
		c.stats.BadAnswers.Add(1)
		return resp.StatusCode, resp.Header, nil, badAnswer(fmt.Sprintf("answer over %d bytes from %s %s", c.limits.PageBytes, cl.method, pathOf(target)))
	}
	return resp.StatusCode, resp.Header, answer, nil
}

// headers sets the XS2A headers of a call: the request id, the consent,
// the subject's details while the subject is present, the way back, and
// the signature when the bank wants one.
func (c *Connector) headers(ctx context.Context, req *http.Request, cl call, body []byte) {
	h := req.Header
	h.Set("X-Request-ID", requestID())
	h.Set("Accept", "application/json")
	if body != nil {
		h.Set("Content-Type", "application/json")
	}
	if cl.consentID != "" {
		h.Set("Consent-ID", cl.consentID)
	}
	if cl.redirectURI != "" {
		h.Set("TPP-Redirect-URI", cl.redirectURI)
		h.Set("TPP-Redirect-Preferred", "true")
	}
	if cl.embedded || cl.decoupled {
		h.Set("TPP-Redirect-Preferred", "false")
	}
	if cl.decoupled {
		h.Set("TPP-Decoupled-Preferred", "true")
	}
	if cl.psuID != "" {
		h.Set("PSU-ID", cl.psuID)
	}
	if psu, ok := banks.PSUOf(ctx); ok {
		setPSU(h, psu)
	}
	if c.signer != nil {
		c.signer.sign(h, body, c.now())
	}
}

// setPSU sets the PSU headers the subject's request gave.
func setPSU(h http.Header, p banks.PSU) {
	for name, v := range map[string]string{"PSU-IP-Address": p.IPAddress, "PSU-IP-Port": p.IPPort,
		"PSU-User-Agent": p.UserAgent, "PSU-Accept": p.Accept, "PSU-Accept-Language": p.AcceptLanguage} {
		if v != "" {
			h.Set(name, v)
		}
	}
}

// transient reports whether an exchange failed in a way a retry may fix.
func (c *Connector) transient(status int, err error) bool {
	var pe *banks.ProviderError
	if errors.As(err, &pe) {
		return false // an answer too large stays too large
	}
	return err != nil || status >= 500
}

// resolve turns a path or one of the bank's links into a URL on the bank's
// own host: a link elsewhere is refused.
func (c *Connector) resolve(ref string) (string, error) {
	base, err := url.Parse(strings.TrimSuffix(c.bank.BaseURL, "/") + "/")
	if err != nil {
		return "", fmt.Errorf("xs2a: base URL: %w", err)
	}
	u, err := url.Parse(ref)
	if err != nil {
		return "", badAnswer("bad link " + strconv.Quote(ref))
	}
	if !u.IsAbs() {
		if strings.HasPrefix(ref, "/") {
			p := u.Path
			if prefix := strings.TrimSuffix(base.Path, "/"); !strings.HasPrefix(p, prefix+"/") {
				p = prefix + p
			}
			u = base.ResolveReference(&url.URL{Path: p, RawQuery: u.RawQuery})
		} else {
			u = base.ResolveReference(u)
		}
	}
	if u.Scheme != base.Scheme || u.Host != base.Host {
		return "", badAnswer("link to another host " + strconv.Quote(u.Host))
	}
	return u.String(), nil
}

// pathOf is a URL's path, for reasons that name no query.
func pathOf(raw string) string {
	if u, err := url.Parse(raw); err == nil {
		return u.Path
	}
	return ""
}

// plainNetError names a transport failure without addresses.
func plainNetError(err error) string {
	var ne interface{ Timeout() bool }
	if errors.As(err, &ne) && ne.Timeout() {
		return "timeout"
	}
	return "connection failed"
}

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
