package xs2a

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"openbank/banks"
)

// tppMessage is one message of a bank's error answer.
type tppMessage struct {
	Category string `json:"category"`
	Code     string `json:"code"`
	Text     string `json:"text"`
}

// errorAnswer is a bank's error body: the NextGenPSD2 form (tppMessages)
// or the problem-details form (code, additionalErrors).
type errorAnswer struct {
	TPPMessages      []tppMessage `json:"tppMessages"`
	Code             string       `json:"code"`
	Detail           string       `json:"detail"`
	AdditionalErrors []tppMessage `json:"additionalErrors"`
}

// codes are the message codes of an error body, if it is readable, and
// its texts.
func codes(body []byte) ([]string, string) {
	var e errorAnswer
	if json.Unmarshal(body, &e) != nil {
		return nil, ""
	}
	var out []string
	text := e.Detail
	if e.Code != "" {
		out = append(out, e.Code)
	}
	for _, m := range append(e.TPPMessages, e.AdditionalErrors...) {
		if m.Code != "" {
			out = append(out, m.Code)
		}
		text += " " + m.Text
	}
	return out, text
}

// classify turns a bank's refusal into the banks package's errors: a
// consent the subject must renew, a throttle to wait out, or a provider
// failure with its reason.
func (c *Connector) classify(status int, h http.Header, body []byte) error {
	found, text := codes(body)
	has := func(code string) bool {
		for _, f := range found {
			if f == code {
				return true
			}
		}
		return false
	}
	switch {
	case status == http.StatusTooManyRequests || has("ACCESS_EXCEEDED"):
		c.stats.Throttled.Add(1)
		return &banks.ThrottleError{RetryAfter: retryAfter(h)}
	case has("CONSENT_EXPIRED"):
		return banks.ErrConsentExpired
	case has("CONSENT_INVALID"):
		return errConsentInvalid
	case has("CONSENT_UNKNOWN"):
		return &banks.ConsentError{Reason: "the bank does not know the consent (CONSENT_UNKNOWN)"}
	case has("PSU_CREDENTIALS_INVALID"):
		return banks.ErrInvalidCredentials
	case inMaintenance(status, h, text):
		c.stats.Unavailable.Add(1)
		return maintenance(h)
	case status >= 500:
		c.stats.Unavailable.Add(1)
		return unavailable(fmt.Sprintf("HTTP %d", status))
	}
	reason := fmt.Sprintf("the bank refused the request: HTTP %d", status)
	if len(found) > 0 {
		reason += " " + found[0]
	}
	return &banks.ProviderError{Reason: reason}
}

// errConsentInvalid is the bank's CONSENT_INVALID; why tells more.
var errConsentInvalid = &banks.ConsentError{Reason: "the bank says the consent is invalid (CONSENT_INVALID)"}

// retryAfter reads a Retry-After header given in seconds.
func retryAfter(h http.Header) time.Duration {
	n, err := strconv.Atoi(h.Get("Retry-After"))
	if err != nil || n <= 0 {
		return 0
	}
	return min(time.Duration(n)*time.Second, time.Hour)
}

// inMaintenance reports whether a refusal is the bank's announced
// maintenance: a 503 that says so, or that says when to come back.
func inMaintenance(status int, h http.Header, text string) bool {
	return status == http.StatusServiceUnavailable &&
		(h.Get("Retry-After") != "" || strings.Contains(strings.ToLower(text), "maintenance"))
}

// maintenanceError is a bank in maintenance: it is banks.ErrMaintenance
// with the bank's Retry-After.
type maintenanceError struct{ banks.ProviderError }

func (e *maintenanceError) Is(target error) bool { return target == banks.ErrMaintenance }

func (e *maintenanceError) Unwrap() error { return &e.ProviderError }

func maintenance(h http.Header) error {
	wait := retryAfter(h)
	if wait == 0 {
		wait = banks.ErrMaintenance.RetryAfter
	}
	return &maintenanceError{banks.ProviderError{Reason: banks.ErrMaintenance.Reason, RetryAfter: wait}}
}

// unavailableError is a bank that did not answer usefully: it is
// banks.ErrProviderUnavailable with its own reason.
type unavailableError struct{ banks.ProviderError }

func (e *unavailableError) Is(target error) bool { return target == banks.ErrProviderUnavailable }

func (e *unavailableError) Unwrap() error { return &e.ProviderError }

func unavailable(reason string) error {
	return &unavailableError{banks.ProviderError{Reason: "bank unavailable: " + reason, RetryAfter: 5 * time.Minute}}
}

// badAnswer is an answer the connector cannot use.
func badAnswer(reason string) error {
	return fmt.Errorf("%w: %w", errBadAnswer, &banks.ProviderError{Reason: "bad answer from the bank: " + reason})
}
