package aggregation

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"openbank/store"
)

// ErrAccessLimit refuses a refetch beyond the bank's daily allowance of
// fetches without the subject (PSD2: 4 a day and consent).
var ErrAccessLimit = errors.New("the bank allows no more fetches of this consent without the subject today; refetch tomorrow or reconnect")

// checkAccessLimit refuses a refetch of a connection whose consent has
// used its unattended accesses of the day (UTC); a recurring connection
// keeps one for its daily refresh until that has run. Consents without a
// limit (the in-process mock banks') are not counted.
func (s *Service) checkAccessLimit(ctx context.Context, conn *store.Connection) error {
	k, err := s.Store.LatestBankConsent(ctx, conn.ID)
	if err != nil || len(k.GrantData) == 0 {
		return err
	}
	var grant struct {
		FrequencyPerDay int `json:"frequencyPerDay"`
	}
	if err := json.Unmarshal(k.GrantData, &grant); err != nil || grant.FrequencyPerDay <= 0 {
		return nil //nolint:nilerr // a grant without a limit sets none
	}
	refetches, daily, err := s.Store.UnattendedFetches(ctx, conn.ID, s.now().UTC().Truncate(24*time.Hour))
	if err != nil {
		return err
	}
	allowed := grant.FrequencyPerDay
	if conn.Access == Recurring && daily == 0 {
		allowed-- // kept for the day's refresh
	}
	if refetches+daily >= allowed {
		return ErrAccessLimit
	}
	return nil
}
