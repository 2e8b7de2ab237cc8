package aggregation

import (
	"context"
	"crypto/subtle"
	"errors"
	"fmt"

	"openbank/store"
)

// Opening is the result of opening a widget link: the widget, or the error
// status that refused it and where to send the subject.
type Opening struct {
	Widget  *store.Widget // nil when refused
	Refused string        // notFound, expired or tooManyOpenings; "" when open
	Return  string        // returnTo with widgetId=<id>,<status> when the client asked for it
}

// OpenWidget counts an opening of a widget link and decides whether the
// subject may go on. A token this service did not sign is
// ErrWidgetLinkInvalid: there is nowhere trustworthy to send the subject.
func (s *Service) OpenWidget(ctx context.Context, widgetID int64, token string) (*Opening, error) {
	link, err := s.ParseWidgetLink(ctx, widgetID, token)
	if err != nil {
		return nil, err
	}
	now := s.now()
	w, err := s.Store.OpenWidget(ctx, widgetID, now)
	if errors.Is(err, store.ErrNotFound) || (err == nil && subtle.ConstantTimeCompare([]byte(w.LinkNonce), []byte(link.Nonce)) != 1) {
		return refused(link, 0, WidgetNotFound), nil
	}
	if err != nil {
		return nil, err
	}
	status := ""
	switch {
	case !now.Before(w.ExpiredAt):
		status = WidgetExpired
	case w.Openings > s.Widgets.maxOpenings():
		status = WidgetTooManyOpenings
	}
	if status != "" {
		if err := s.Store.SetWidgetOutcome(ctx, w.ID, status, true); err != nil {
			return nil, err
		}
		return refused(link, w.ID, status), nil
	}
	if err := s.RecordStep(ctx, w.ID, StepOpened); err != nil {
		return nil, err
	}
	return &Opening{Widget: w}, nil
}

func refused(l WidgetLink, id int64, status string) *Opening {
	back := l.ReturnTo
	if l.ReturnWidgetIDError {
		back = ReturnURL(l.ReturnTo, [2]string{"widgetId", fmt.Sprintf("%d,%s", id, status)})
	}
	return &Opening{Refused: status, Return: back}
}

// Widget returns a widget by id (for the subject's pages, which the
// widget's session cookie authorises).
func (s *Service) Widget(ctx context.Context, id int64) (*store.Widget, error) {
	return s.Store.Widget(ctx, id)
}

// RecordStep raises a widget's furthest step.
func (s *Service) RecordStep(ctx context.Context, widgetID int64, step Step) error {
	return s.Store.AdvanceWidgetStep(ctx, widgetID, int(step))
}

// FinishWidget records that the subject went back and returns the address
// to send them to: returnTo with connectionId=<id>,<status> once per
// connection the widget created, when the client asked for it.
func (s *Service) FinishWidget(ctx context.Context, w *store.Widget) (string, error) {
	if err := s.RecordStep(ctx, w.ID, StepReturned); err != nil {
		return "", err
	}
	if !w.ReturnConnectionID {
		return w.ReturnTo, nil
	}
	conns, err := s.Store.WidgetConnections(ctx, w.ID)
	if err != nil {
		return "", err
	}
	params := make([][2]string, 0, len(conns))
	for _, c := range conns {
		params = append(params, [2]string{"connectionId", fmt.Sprintf("%d,%s", c.ConnectionID, c.ConsentStatus)})
	}
	return ReturnURL(w.ReturnTo, params...), nil
}
