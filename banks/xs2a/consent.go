package xs2a

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"openbank/banks"
)

// MaxValidity is the longest consent the connector asks for.
const MaxValidity = 180 * 24 * time.Hour

// statusPolls is how many times CompleteSCA asks for a consent's status
// while the bank still says "received".
const statusPolls = 3

// StartSCA asks the bank for a consent and returns the bank's SCA page.
func (c *Connector) StartSCA(ctx context.Context, req banks.ConsentRequest) (banks.Authorisation, error) {
	now := c.now().UTC()
	validFor := req.ValidFor
	if validFor <= 0 {
		validFor = banks.DefaultValidity
	}
	validFor = min(validFor, MaxValidity)
	body := consentRequest{Access: access{Accounts: []accountReference{}, Balances: []accountReference{},
		Transactions: []accountReference{}}, RecurringIndicator: req.Recurring,
		ValidUntil: now.Add(validFor).Format(time.DateOnly), FrequencyPerDay: c.frequency(req.Recurring)}
	embedded := c.bank.approach() == Embedded || c.bank.approach() == Decoupled
	cl := call{method: http.MethodPost, path: "v1/consents", body: body, embedded: c.bank.approach() == Embedded,
		decoupled: c.bank.approach() == Decoupled}
	if !embedded {
		cl.redirectURI = req.RedirectURI
	}
	if c.bank.Quirks.SeedAsPSUID {
		cl.psuID = "seed-" + strconv.FormatInt(req.Seed, 10)
	}
	var created consentCreated
	if err := c.do(ctx, cl, &created); err != nil {
		return banks.Authorisation{}, err
	}
	auth := banks.Authorisation{Bank: c.info.Code, Seed: req.Seed, ValidFor: validFor, StartedAt: now,
		SCA: c.info.SCA, Reference: created.ConsentID, FrequencyPerDay: body.FrequencyPerDay}
	if embedded && created.ConsentID != "" {
		return auth, nil // the subject's credentials or customer ID start the authorisation (CompleteSCA)
	}
	if created.ConsentID == "" || created.Links.SCARedirect == nil || !webLink(created.Links.SCARedirect.Href) {
		c.stats.BadAnswers.Add(1)
		return banks.Authorisation{}, badAnswer("consent without an id or a scaRedirect link")
	}
	auth.RedirectURL = created.Links.SCARedirect.Href
	return auth, nil
}

// frequency is the unattended accesses a day to ask for: 4 at most.
func (c *Connector) frequency(recurring bool) int {
	if !recurring {
		return 1
	}
	f := c.bank.Quirks.FrequencyPerDay
	if f <= 0 || f > 4 {
		f = 4
	}
	return f
}

// CompleteSCA asks the bank how the subject's SCA ended, once the bank
// has sent the subject back; the credentials are then not used (the
// subject gave them to the bank). With the embedded approach it passes
// the subject's credentials and one-time code on (see completeEmbedded).
func (c *Connector) CompleteSCA(ctx context.Context, auth banks.Authorisation, cred banks.Credentials) (banks.Consent, error) {
	consent := banks.Consent{Bank: c.info.Code, Seed: auth.Seed, Status: banks.ConsentNew, Reference: auth.Reference,
		FrequencyPerDay: auth.FrequencyPerDay}
	if auth.Bank != c.info.Code || auth.Reference == "" {
		return consent, banks.ErrConsentNotGranted
	}
	switch c.bank.approach() {
	case Embedded:
		return c.completeEmbedded(ctx, auth, cred, consent)
	case Decoupled:
		return c.completeDecoupled(ctx, auth, cred, consent)
	}
	status, err := c.pollStatus(ctx, auth.Reference)
	if err != nil {
		return consent, err
	}
	return c.settle(ctx, auth, consent, status), nil
}

// settle is the consent an SCA reached by the consent's status at the
// bank: ok (valid, with the bank's validUntil if it is earlier than
// asked), new (the subject stopped before the end) or fail.
func (c *Connector) settle(ctx context.Context, auth banks.Authorisation, consent banks.Consent, status string) banks.Consent {
	switch status {
	case "valid":
	case "received", "partiallyAuthorised":
		return consent // the subject came back without finishing
	default:
		consent.Status = banks.ConsentFail
		return consent
	}
	consent.Status, consent.Scenario, consent.GrantedAt = banks.ConsentOK, banks.ScenarioNormal, c.now().UTC()
	consent.ValidUntil = consent.GrantedAt.Add(auth.ValidFor)
	var info consentInformation
	if err := c.do(ctx, call{method: http.MethodGet, path: "v1/consents/" + url.PathEscape(auth.Reference)}, &info); err == nil {
		if until, err := time.Parse(time.DateOnly, info.ValidUntil); err == nil && until.AddDate(0, 0, 1).Before(consent.ValidUntil) {
			consent.ValidUntil = until.AddDate(0, 0, 1) // the bank's date is the last valid day
		}
	}
	return consent
}

// pollStatus asks for a consent's status until the bank has decided, a
// few times at most.
func (c *Connector) pollStatus(ctx context.Context, id string) (string, error) {
	var s consentStatus
	for try := 0; try < statusPolls; try++ {
		if err := c.do(ctx, call{method: http.MethodGet, path: "v1/consents/" + url.PathEscape(id) + "/status"}, &s); err != nil {
			return "", err
		}
		if s.ConsentStatus != "received" {
			break
		}
		if err := sleep(ctx, c.backoff); err != nil {
			return "", err
		}
	}
	return s.ConsentStatus, nil
}

// why is the reason of a CONSENT_INVALID by the consent's status at the
// bank: revoked by the subject (or the bank), expired, or invalid.
func (c *Connector) why(ctx context.Context, id string) error {
	var s consentStatus
	if err := c.ask(ctx, call{method: http.MethodGet, path: "v1/consents/" + url.PathEscape(id) + "/status"}, &s); err != nil {
		return errConsentInvalid
	}
	switch s.ConsentStatus {
	case "revokedByPsu":
		return banks.ErrConsentRevoked
	case "expired":
		return banks.ErrConsentExpired
	}
	return errConsentInvalid
}

// Revoke ends the consent at the bank (DELETE /v1/consents/{id}); a
// consent the bank no longer knows is ended already.
func (c *Connector) Revoke(ctx context.Context, consent banks.Consent) error {
	if consent.Reference == "" {
		return nil
	}
	err := c.do(ctx, call{method: http.MethodDelete, path: "v1/consents/" + url.PathEscape(consent.Reference)}, nil)
	var ce *banks.ConsentError
	if errors.As(err, &ce) {
		return nil
	}
	return err
}

// webLink reports whether s is an absolute http(s) URL.
func webLink(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "https" || u.Scheme == "http") && u.Host != ""
}
