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
	// Outcome is ok, fail, new, expired, tooManyOpenings or pending, as the
	// widget's statistics say, but fetchFailed (or fetching) when the
	// consent is ok and the fetch its subject waited for failed (or has
	// not finished): the subject saw an error page, not a success.
	Outcome     string
	FetchError  string // the failed fetch's error code
	Connections []store.WidgetConnection
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
		out[i] = WidgetLink{Widget: w, FurthestStep: widget.Step(w.FurthestStep).String(), Connections: byWidget[w.ID]}
		out[i].Outcome, out[i].FetchError = outcome(w, byWidget[w.ID])
	}
	return out, nil
}

// outcome is a widget link's outcome with its fetch's: an ok consent whose
// fetch failed is fetchFailed, with the fetch's error code.
func outcome(w store.Widget, conns []store.WidgetConnection) (string, string) {
	if !w.Outcome.Valid {
		return "pending", ""
	}
	if w.Outcome.String != "ok" {
		return w.Outcome.String, ""
	}
	for _, c := range conns {
		switch c.FetchStatus.String {
		case "failed":
			return "fetchFailed", c.FetchError.String
		case "queued", "running":
			return "fetching", ""
		}
	}
	return "ok", ""
}
