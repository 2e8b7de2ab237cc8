package portal

import (
	"context"
	"encoding/json"

	"openbank/store"
)

// SourcePortal marks the audit entries of steps taken in the portal.
const SourcePortal = "portal"

// Actor is how the audit log names a developer.
func Actor(email string) string { return "developer:" + email }

// auditLog is where audit writes: the store, or a transaction of it.
type auditLog interface {
	AddAudit(ctx context.Context, e store.AuditEntry) error
}

// audit writes e with the records before and after as JSON (nil: null);
// they never hold a secret.
func audit(ctx context.Context, st auditLog, e store.AuditEntry, before, after any) error {
	for _, r := range []struct {
		v   any
		dst *string
	}{{before, &e.Before}, {after, &e.After}} {
		if r.v == nil {
			continue
		}
		b, err := json.Marshal(r.v)
		if err != nil {
			return err
		}
		*r.dst = string(b)
	}
	return st.AddAudit(ctx, e)
}
