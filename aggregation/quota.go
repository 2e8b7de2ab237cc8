package aggregation

import (
	"context"
	"errors"
	"fmt"

	"openbank/store"
)

// Quotas bound how much one client's subjects hold: the server's defaults
// (AGGREGATION_MAX_* variables), or a client's own (0 fields: the default).
type Quotas struct {
	SubjectConnections int // connections of one subject
	SubjectWidgets     int // open widget links (neither expired nor finished) of one subject
	Connections        int // connections of the client, all subjects together
}

// DefaultQuotas are the server's quotas unless the operator sets others:
// far above what one person connects (a few banks, a few reconnects) and
// what one client of a single deployment holds, far below what fills a
// database by accident or on purpose.
func DefaultQuotas() Quotas {
	return Quotas{SubjectConnections: 25, SubjectWidgets: 10, Connections: 100_000}
}

// Or is q with each zero field taken from def.
func (q Quotas) Or(def Quotas) Quotas {
	pick := func(own, d int) int {
		if own > 0 {
			return own
		}
		return d
	}
	return Quotas{SubjectConnections: pick(q.SubjectConnections, def.SubjectConnections),
		SubjectWidgets: pick(q.SubjectWidgets, def.SubjectWidgets), Connections: pick(q.Connections, def.Connections)}
}

// ErrQuota is a create refused because a quota is reached (a *QuotaError
// says which).
var ErrQuota = errors.New("aggregation: quota reached")

// QuotaError names the quota a create would exceed.
type QuotaError struct {
	What  string // e.g. "connections of subject s-1"
	Limit int
	Hint  string // what the client can do
}

func (e *QuotaError) Error() string {
	return fmt.Sprintf("%s: the quota of %d is reached; %s", e.What, e.Limit, e.Hint)
}

func (e *QuotaError) Unwrap() error { return ErrQuota }

// QuotasOf returns the quotas that hold for a client: its own where it has
// them, the service's otherwise.
func (s *Service) QuotasOf(ctx context.Context, clientID string) (Quotas, error) {
	def := s.Quotas.Or(DefaultQuotas())
	if s.Clients == nil {
		return def, nil
	}
	settings, err := s.Clients.Settings(ctx, clientID)
	if err != nil {
		return Quotas{}, err
	}
	return settings.Quotas.Or(def), nil
}

// checkQuotas refuses, inside the transaction that inserts it, a new
// connection of subjectID that would exceed the client's quotas q; the
// lock it takes holds until the insert commits. The caller reads q
// (QuotasOf) before the transaction opens: read inside, it would ask the
// pool for a second connection while the transaction holds one.
func checkQuotas(ctx context.Context, tx *store.Tx, q Quotas, clientID, subjectID string) error {
	n, err := tx.LockConnectionCounts(ctx, clientID, subjectID)
	if err != nil {
		return err
	}
	const hint = "delete a connection that is no longer needed (DELETE /connections/{connectionId}) or ask the operator to raise the quota"
	switch {
	case n.Subject >= q.SubjectConnections:
		return &QuotaError{What: "connections of subject " + subjectID, Limit: q.SubjectConnections, Hint: hint}
	case n.Client >= q.Connections:
		return &QuotaError{What: "connections of the client", Limit: q.Connections, Hint: hint}
	}
	return nil
}

// WidgetQuotaError is the refusal of a widget link beyond the subject's
// quota of open links.
func WidgetQuotaError(subjectID string, limit int) error {
	return &QuotaError{What: "open widget links of subject " + subjectID, Limit: limit,
		Hint: "let an open link expire or be used, or ask the operator to raise the quota"}
}
