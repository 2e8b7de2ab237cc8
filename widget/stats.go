package widget

import (
	"context"

	"openbank/aggregation"
	"openbank/banks"
	"openbank/store"
)

// Progress is where a widget's connection stands after its SCA.
type Progress struct {
	Bank          banks.Info
	ConsentStatus banks.ConsentStatus
	SCAOpen       bool   // the subject has not finished signing in
	FetchStatus   string // queued, running, succeeded or failed; "" when no fetch was started
	Recoverable   bool   // the fetch failed for a consent problem
	OneTime       bool   // the connection's access is one-time
	Slow          bool   // the fetch has been waiting or running for SlowAfter or longer
}

// Done reports whether nothing is left to wait for.
func (p Progress) Done() bool {
	return !p.SCAOpen && (p.ConsentStatus != banks.ConsentOK || p.FetchStatus == "succeeded" || p.FetchStatus == "failed")
}

// Progress reads how a widget's connection is doing: its consent and the
// fetch that consent started.
func (s *Service) Progress(ctx context.Context, w *store.Widget, connectionID int64) (*Progress, error) {
	wc, err := s.connectionOf(ctx, w, connectionID)
	if err != nil {
		return nil, err
	}
	conn, err := s.store().ConnectionByID(ctx, connectionID)
	if err != nil {
		return nil, err
	}
	p := &Progress{ConsentStatus: banks.ConsentStatus(wc.ConsentStatus), SCAOpen: wc.SCAOpen,
		OneTime: conn.Access == aggregation.OneTime}
	if bank, err := s.Aggregation.Banks.Bank(conn.Provider); err == nil {
		p.Bank = bank.Info()
	}
	fetches, err := s.store().Fetches(ctx, w.ClientID, connectionID, 1)
	if err != nil {
		return nil, err
	}
	if len(fetches) > 0 && p.ConsentStatus == banks.ConsentOK {
		p.FetchStatus = fetches[0].Status
		p.Recoverable = fetches[0].FlagErrorRecoverable.Bool
		p.Slow = !p.Done() && s.now().Sub(fetches[0].RequestedAt) >= SlowAfter
	}
	return p, nil
}

// Statistics is what a subject did with one widget.
type Statistics struct {
	Widget       store.Widget
	FurthestStep Step
	Outcome      string // ok, fail, new, expired, tooManyOpenings or pending
	Connections  []store.WidgetConnection
}

// Statistics lists the widgets of a client's subject with the steps they
// reached, newest first.
func (s *Service) Statistics(ctx context.Context, clientID, subjectID string) ([]Statistics, error) {
	widgets, err := s.store().WidgetsOfSubject(ctx, clientID, subjectID)
	if err != nil {
		return nil, err
	}
	ids := make([]int64, len(widgets))
	for i, w := range widgets {
		ids[i] = w.ID
	}
	conns, err := s.store().WidgetConnections(ctx, ids...)
	if err != nil {
		return nil, err
	}
	byWidget := map[int64][]store.WidgetConnection{}
	for _, c := range conns {
		byWidget[c.WidgetID] = append(byWidget[c.WidgetID], c)
	}
	out := make([]Statistics, len(widgets))
	for i, w := range widgets {
		outcome := "pending"
		if w.Outcome.Valid {
			outcome = w.Outcome.String
		}
		out[i] = Statistics{Widget: w, FurthestStep: Step(w.FurthestStep), Outcome: outcome,
			Connections: append(make([]store.WidgetConnection, 0), byWidget[w.ID]...)}
	}
	return out, nil
}
