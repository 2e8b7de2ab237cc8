package xs2a

import (
	"context"
	"net/http"

	"openbank/banks"
)

// empty is the body of a start of authorisation that uploads nothing but
// the PSU-ID header.
type empty struct{}

// completeDecoupled drives the decoupled SCA approach: the subject's
// customer ID (Credentials.Username) starts an authorisation of the
// consent (POST /v1/consents/{id}/authorisations with PSU-ID and
// TPP-Decoupled-Preferred), the bank asks the subject in its app, and the
// answer is ErrApprovalPending with the authorisation's id as the
// Challenge. Each later try with that Challenge and no username asks the
// bank for the authorisation's scaStatus: finalised, exempted or failed
// settle the consent by its status, as after a redirect; any other status
// is still ErrApprovalPending. An unknown customer ID
// (PSU_CREDENTIALS_INVALID) is ErrInvalidCredentials.
func (c *Connector) completeDecoupled(ctx context.Context, auth banks.Authorisation, cred banks.Credentials, consent banks.Consent) (banks.Consent, error) {
	var answer scaAnswer
	id := auth.Challenge
	switch {
	case id != "" && cred.Username == "":
		if err := c.do(ctx, call{method: http.MethodGet, path: c.authorisationPath(auth, id)}, &answer); err != nil {
			return consent, err
		}
	case cred.Username == "":
		return consent, banks.ErrInvalidCredentials
	default:
		err := c.do(ctx, call{method: http.MethodPost, path: c.authorisationsPath(auth), psuID: cred.Username, decoupled: true,
			body: empty{}}, &answer)
		if err != nil {
			return consent, err
		}
		if id = answer.AuthorisationID; id == "" {
			c.stats.BadAnswers.Add(1)
			return consent, badAnswer("an authorisation without authorisationId")
		}
	}
	switch answer.SCAStatus {
	case "finalised", "exempted", "failed":
		return c.settleEmbedded(ctx, auth, consent)
	case "received", "psuIdentified", "psuAuthenticated", "scaMethodSelected", "started", "unconfirmed":
		consent.Challenge = id
		return consent, banks.ErrApprovalPending
	}
	c.stats.BadAnswers.Add(1)
	return consent, badAnswer("scaStatus " + answer.SCAStatus + " in the decoupled approach")
}
