package console

import (
	"context"

	"openbank/store"
	"openbank/widget"
)

// WidgetPageSize is how many widget links one page lists.
const WidgetPageSize = 25

// WidgetLink is one widget link with what its subject did with it.
type WidgetLink struct {
	store.Widget
	FurthestStep string // the step's name in the widget's statistics
	Outcome      string // ok, fail, new, expired, tooManyOpenings or pending
	Connections  []store.WidgetConnection
}

// Widgets lists a client's widget links newest first, of one subject when
// subject is not empty, after the id before (0: from the newest).
func (s *Service) Widgets(ctx context.Context, clientID, subject string, before int64) ([]WidgetLink, error) {
	ws, err := s.Store.Reader().ConsoleWidgets(ctx, clientID, subject, before, WidgetPageSize)
	if err != nil {
		return nil, err
	}
	ids := make([]int64, len(ws))
	for i, w := range ws {
		ids[i] = w.ID
	}
	conns, err := s.Store.WidgetConnections(ctx, ids...)
	if err != nil {
		return nil, err
	}
	byWidget := map[int64][]store.WidgetConnection{}
	for _, c := range conns {
		byWidget[c.WidgetID] = append(byWidget[c.WidgetID], c)
	}
	out := make([]WidgetLink, len(ws))
	for i, w := range ws {
		outcome := "pending"
		if w.Outcome.Valid {
			outcome = w.Outcome.String
		}
		out[i] = WidgetLink{Widget: w, FurthestStep: widget.Step(w.FurthestStep).String(), Outcome: outcome,
			Connections: byWidget[w.ID]}
	}
	return out, nil
}
