package oauth

import (
	"fmt"

	"openbank/store"
)

// MaxQuota is the highest quota a client may be given.
const MaxQuota = 1_000_000_000

// checkQuotas refuses a negative quota or one above MaxQuota; 0 is the
// server's default.
func checkQuotas(q store.ClientQuotas) error {
	for _, v := range []struct {
		name string
		n    int
	}{
		{"connections per subject", q.MaxSubjectConnections},
		{"open widget links per subject", q.MaxSubjectWidgets},
		{"connections of the client", q.MaxConnections},
	} {
		if v.n < 0 || v.n > MaxQuota {
			return fmt.Errorf("the quota of %s must be from 0 (the server's default) to %d", v.name, MaxQuota)
		}
	}
	return nil
}
