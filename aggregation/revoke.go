package aggregation

import (
	"context"
	"encoding/json"
	"log/slog"
	"time"

	"openbank/banks"
)

// revokeTimeout bounds the wait on a bank ending a consent.
const revokeTimeout = 5 * time.Second

// bankConsentOf returns what ends a connection's consent at its bank once
// the connection is deleted: for a bank that can end consents (a real
// bank's DELETE /v1/consents), its ok consent; otherwise nothing to do.
func (s *Service) bankConsentOf(ctx context.Context, clientID string, id int64) func(context.Context) {
	none := func(context.Context) {}
	conn, err := s.Store.Connection(ctx, clientID, id)
	if err != nil {
		return none
	}
	p, err := s.Banks.Bank(conn.Provider)
	revoker, ok := p.(banks.Revoker)
	if err != nil || !ok {
		return none
	}
	k, err := s.Store.LatestBankConsent(ctx, id)
	if err != nil || k.Status != string(banks.ConsentOK) || len(k.GrantData) == 0 {
		return none
	}
	var consent banks.Consent
	if json.Unmarshal(k.GrantData, &consent) != nil {
		return none
	}
	return func(ctx context.Context) {
		ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), revokeTimeout)
		defer cancel()
		if err := revoker.Revoke(ctx, consent); err != nil {
			slog.WarnContext(ctx, "connections: the bank did not end the consent", "connection", id, "provider", conn.Provider, "error", err)
		}
	}
}
