package widget

import (
	"context"
	"errors"
	"strings"

	"openbank/aggregation"
	"openbank/store"
)

// Request creates a widget link for a subject.
type Request struct {
	ClientID            string
	SubjectID           string
	CountryCodes        []string
	ReturnTo            string
	ReturnConnectionID  bool
	ReturnWidgetIDError bool
	CallbackFields      map[string]string
	Access              string // one_time (default) or recurring
	ConsentDays         *int   // recurring: 1 to 180, default 90
	RequestID           string
	GroupID             string
	Locale              string // BCP 47 tag of the subject's language; "" when the client names none
}

// ReconnectRequest creates a widget that runs a new SCA on a connection.
type ReconnectRequest struct {
	ClientID            string
	ConnectionID        int64
	ReturnTo            string
	ReturnConnectionID  bool
	ReturnWidgetIDError bool
	CallbackFields      map[string]string // nil: the connection's own
	RequestID           string
	GroupID             string
	Locale              string // BCP 47 tag of the subject's language; "" when the client names none
}

// Created is a new widget and its link.
type Created struct {
	Widget *store.Widget
	URL    string
}

// Create checks a request and creates a widget link whose subject
// chooses a bank of the given countries.
func (s *Service) Create(ctx context.Context, req Request) (*Created, error) {
	if err := aggregation.CheckCallbackFields(req.CallbackFields); err != nil {
		return nil, err
	}
	access, days, err := aggregation.AccessOf(req.Access, req.ConsentDays)
	if err != nil {
		return nil, err
	}
	if err := s.Aggregation.CheckReturnTo(ctx, req.ClientID, req.ReturnTo); err != nil {
		return nil, err
	}
	codes := make([]string, 0, len(req.CountryCodes))
	found, offered := 0, 0
	for _, c := range req.CountryCodes {
		codes = append(codes, strings.ToUpper(c))
		found += len(s.Aggregation.Banks.Country(c))
		list, err := s.Aggregation.ProvidersOf(ctx, req.ClientID, c)
		if err != nil {
			return nil, err
		}
		offered += len(list)
	}
	if found == 0 {
		return nil, ErrNoProviders
	}
	if offered == 0 {
		return nil, ErrOtherEnvironment
	}
	fields, err := encodeFields(req.CallbackFields)
	if err != nil {
		return nil, err
	}
	w := &store.Widget{ClientID: req.ClientID, SubjectID: req.SubjectID, Kind: KindConnect, CountryCodes: codes,
		ReturnTo: req.ReturnTo, ReturnConnectionID: req.ReturnConnectionID, ReturnWidgetIDError: req.ReturnWidgetIDError,
		CallbackFields: fields, Access: access, ConsentDays: days, RequestID: req.RequestID,
		GroupID: nullString(req.GroupID), Locale: req.Locale}
	return s.insertWidget(ctx, w)
}

// CreateReconnect creates a widget that runs a new SCA on one of the
// client's connections: the bank is already chosen and the accounts keep
// their ids.
func (s *Service) CreateReconnect(ctx context.Context, req ReconnectRequest) (*Created, error) {
	if err := aggregation.CheckCallbackFields(req.CallbackFields); err != nil {
		return nil, err
	}
	if err := s.Aggregation.CheckReturnTo(ctx, req.ClientID, req.ReturnTo); err != nil {
		return nil, err
	}
	conn, err := s.store().Connection(ctx, req.ClientID, req.ConnectionID)
	if err != nil {
		return nil, err
	}
	fields := conn.CallbackFields
	if req.CallbackFields != nil {
		if fields, err = encodeFields(req.CallbackFields); err != nil {
			return nil, err
		}
	}
	w := &store.Widget{ClientID: req.ClientID, SubjectID: conn.SubjectID, Kind: KindReconnect,
		ConnectionID: store.NullInt64{Int64: conn.ID, Valid: true}, CountryCodes: []string{},
		ReturnTo: req.ReturnTo, ReturnConnectionID: req.ReturnConnectionID, ReturnWidgetIDError: req.ReturnWidgetIDError,
		CallbackFields: fields, Access: conn.Access, ConsentDays: conn.ConsentDays, RequestID: req.RequestID,
		GroupID: nullString(req.GroupID), Locale: req.Locale}
	return s.insertWidget(ctx, w)
}

func (s *Service) insertWidget(ctx context.Context, w *store.Widget) (*Created, error) {
	now := s.now()
	w.CreatedAt, w.ExpiredAt, w.LinkNonce = now, now.Add(s.Options.ttl()), newNonce()
	q, err := s.Aggregation.QuotasOf(ctx, w.ClientID)
	if err != nil {
		return nil, err
	}
	err = s.store().InsertWidgetWithin(ctx, w, q.SubjectWidgets, now)
	if errors.Is(err, store.ErrLimit) {
		return nil, aggregation.WidgetQuotaError(w.SubjectID, q.SubjectWidgets)
	}
	if err != nil {
		return nil, err
	}
	link, err := s.URL(ctx, LinkOf(w))
	if err != nil {
		return nil, err
	}
	return &Created{Widget: w, URL: link}, nil
}

// LinkOf is the content of a widget's link.
func LinkOf(w *store.Widget) Link {
	return Link{WidgetID: w.ID, Nonce: w.LinkNonce, ReturnTo: w.ReturnTo,
		ReturnConnectionID: w.ReturnConnectionID, ReturnWidgetIDError: w.ReturnWidgetIDError}
}
