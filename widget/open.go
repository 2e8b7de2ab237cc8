package widget

import (
	"context"
	"crypto/subtle"
	"errors"
	"fmt"

	"openbank/aggregation"
	"openbank/store"
)

// Opening is the result of opening a widget link: the widget, or the error
// status that refused it and where to send the subject.
type Opening struct {
	Widget  *store.Widget // nil when refused
	Refused string        // notFound, expired or tooManyOpenings; "" when open
	Return  string        // returnTo with widgetId=<id>,<status> when the client asked for it
	// ShowPage says that a refused opening explains itself on a page with a
	// button back to Return instead of redirecting at once: the client did
	// not ask for widgetId=<id>,<status>, so it would not learn what happened.
	ShowPage bool
	ClientID string // the refused widget's client; "" for notFound
	Locale   string // the refused widget's locale, for the page that explains; "" for notFound
}

// Open counts an opening of a widget link and decides whether the
// subject may go on. A token this service did not sign is
// ErrLinkInvalid: there is nowhere trustworthy to send the subject.
func (s *Service) Open(ctx context.Context, widgetID int64, token string) (*Opening, error) {
	link, err := s.ParseLink(ctx, widgetID, token)
	if err != nil {
		return nil, err
	}
	now := s.now()
	w, err := s.store().OpenWidget(ctx, widgetID, now)
	if errors.Is(err, store.ErrNotFound) || (err == nil && subtle.ConstantTimeCompare([]byte(w.LinkNonce), []byte(link.Nonce)) != 1) {
		return refused(link, 0, NotFound), nil
	}
	if err != nil {
		return nil, err
	}
	status := ""
	switch {
	case !now.Before(w.ExpiredAt):
		status = Expired
	case w.Openings > s.Options.maxOpenings():
		status = TooManyOpenings
	}
	if status != "" {
		if err := s.store().SetWidgetOutcome(ctx, w.ID, status, true); err != nil {
			return nil, err
		}
		o := refused(link, w.ID, status)
		o.ClientID, o.Locale = w.ClientID, w.Locale
		return o, nil
	}
	if err := s.RecordStep(ctx, w.ID, StepOpened); err != nil {
		return nil, err
	}
	return &Opening{Widget: w}, nil
}

func refused(l Link, id int64, status string) *Opening {
	back := l.ReturnTo
	if l.ReturnWidgetIDError {
		back = aggregation.ReturnURL(l.ReturnTo, [2]string{"widgetId", fmt.Sprintf("%d,%s", id, status)})
	}
	return &Opening{Refused: status, Return: back, ShowPage: !l.ReturnWidgetIDError}
}

// RecordStep raises a widget's furthest step.
func (s *Service) RecordStep(ctx context.Context, widgetID int64, step Step) error {
	return s.store().AdvanceWidgetStep(ctx, widgetID, int(step))
}

// Finish records that the subject went back and returns the address
// to send them to: returnTo with connectionId=<id>,<status> once per
// connection the widget created, when the client asked for it.
func (s *Service) Finish(ctx context.Context, w *store.Widget) (string, error) {
	if err := s.RecordStep(ctx, w.ID, StepReturned); err != nil {
		return "", err
	}
	if !w.ReturnConnectionID {
		return w.ReturnTo, nil
	}
	conns, err := s.store().WidgetConnections(ctx, w.ID)
	if err != nil {
		return "", err
	}
	params := make([][2]string, 0, len(conns))
	for _, c := range conns {
		params = append(params, [2]string{"connectionId", fmt.Sprintf("%d,%s", c.ConnectionID, c.ConsentStatus)})
	}
	return aggregation.ReturnURL(w.ReturnTo, params...), nil
}
