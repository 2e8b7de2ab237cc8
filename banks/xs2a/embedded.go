package xs2a

import (
	"context"
	"errors"
	"net/http"
	"net/url"

	"openbank/banks"
)

// completeEmbedded drives the embedded SCA approach with what the subject
// typed in the widget, as a mock bank's CompleteSCA would take it:
//
//   - username and password start an authorisation of the consent
//     (POST /v1/consents/{id}/authorisations, PSU-ID and psuData);
//   - when the bank offers several SCA methods, the first is chosen
//     (PUT authenticationMethodId);
//   - a one-time code owed is sent with the same try when the subject gave
//     one (PUT scaAuthenticationData), else the answer is
//     ErrOneTimeCodeRequired with the authorisation's id as the Challenge,
//     and the next try with the code alone continues that authorisation;
//   - a finalised or failed authorisation is settled by the consent's
//     status, as after a redirect.
//
// The bank's PSU_CREDENTIALS_INVALID is ErrInvalidCredentials at the
// password step and ErrOneTimeCodeInvalid at the code step: the widget asks
// again, as with a mock bank.
func (c *Connector) completeEmbedded(ctx context.Context, auth banks.Authorisation, cred banks.Credentials, consent banks.Consent) (banks.Consent, error) {
	if auth.Challenge != "" && cred.Username == "" && cred.Password == "" {
		if cred.OneTimeCode == "" {
			consent.Challenge = auth.Challenge
			return consent, banks.ErrOneTimeCodeRequired
		}
		return c.sendCode(ctx, auth, auth.Challenge, cred.OneTimeCode, consent)
	}
	if cred.Username == "" || cred.Password == "" {
		return consent, banks.ErrInvalidCredentials
	}
	var answer scaAnswer
	err := c.do(ctx, call{method: http.MethodPost, path: c.authorisationsPath(auth), psuID: cred.Username,
		body: psuAuthentication{PSUData: psuData{Password: cred.Password}}}, &answer)
	if err != nil {
		return consent, err
	}
	if answer.AuthorisationID == "" {
		c.stats.BadAnswers.Add(1)
		return consent, badAnswer("an authorisation without authorisationId")
	}
	return c.follow(ctx, auth, answer.AuthorisationID, answer, cred.OneTimeCode, consent)
}

// follow takes an authorisation on from the status the bank answered.
func (c *Connector) follow(ctx context.Context, auth banks.Authorisation, id string, answer scaAnswer, code string, consent banks.Consent) (banks.Consent, error) {
	for selected := false; ; selected = true { // at most one method selection
		switch answer.SCAStatus {
		case "finalised", "exempted", "failed":
			return c.settleEmbedded(ctx, auth, consent)
		case "psuIdentified", "psuAuthenticated":
			if selected {
				c.stats.BadAnswers.Add(1)
				return consent, badAnswer("the bank asks for an SCA method again")
			}
			if len(answer.SCAMethods) == 0 {
				c.stats.BadAnswers.Add(1)
				return consent, badAnswer("an authenticated PSU without SCA methods")
			}
			next := scaAnswer{}
			err := c.do(ctx, call{method: http.MethodPut, path: c.authorisationPath(auth, id),
				body: methodSelection{AuthenticationMethodID: answer.SCAMethods[0].AuthenticationMethodID}}, &next)
			if err != nil {
				return consent, err
			}
			answer = next
		case "received", "scaMethodSelected", "started":
			if code == "" {
				consent.Challenge = id
				return consent, banks.ErrOneTimeCodeRequired
			}
			return c.sendCode(ctx, auth, id, code, consent)
		default:
			c.stats.BadAnswers.Add(1)
			return consent, badAnswer("scaStatus " + answer.SCAStatus + " in the embedded approach")
		}
	}
}

// sendCode sends the subject's one-time code to an authorisation.
func (c *Connector) sendCode(ctx context.Context, auth banks.Authorisation, id, code string, consent banks.Consent) (banks.Consent, error) {
	var answer scaAnswer
	err := c.do(ctx, call{method: http.MethodPut, path: c.authorisationPath(auth, id),
		body: transactionAuthorisation{SCAAuthenticationData: code}}, &answer)
	if errors.Is(err, banks.ErrInvalidCredentials) {
		return consent, banks.ErrOneTimeCodeInvalid
	}
	if err != nil {
		return consent, err
	}
	switch answer.SCAStatus {
	case "finalised", "exempted", "failed":
		return c.settleEmbedded(ctx, auth, consent)
	}
	c.stats.BadAnswers.Add(1)
	return consent, badAnswer("scaStatus " + answer.SCAStatus + " after the one-time code")
}

// settleEmbedded reads the consent's status once its authorisation is over.
func (c *Connector) settleEmbedded(ctx context.Context, auth banks.Authorisation, consent banks.Consent) (banks.Consent, error) {
	var s consentStatus
	if err := c.do(ctx, call{method: http.MethodGet, path: "v1/consents/" + url.PathEscape(auth.Reference) + "/status"}, &s); err != nil {
		return consent, err
	}
	return c.settle(ctx, auth, consent, s.ConsentStatus), nil
}

func (c *Connector) authorisationsPath(auth banks.Authorisation) string {
	return "v1/consents/" + url.PathEscape(auth.Reference) + "/authorisations"
}

func (c *Connector) authorisationPath(auth banks.Authorisation, id string) string {
	return c.authorisationsPath(auth) + "/" + url.PathEscape(id)
}
