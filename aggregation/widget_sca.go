package aggregation

import (
	"context"
	"errors"
	"fmt"

	"openbank/banks"
	"openbank/store"
)

// CompleteWidgetSCA finishes the open embedded SCA of a widget's connection
// with the one-time code the bank asked for. A wrong code is
// ErrInvalidCredentials and leaves the SCA open so the widget can ask again.
func (s *Service) CompleteWidgetSCA(ctx context.Context, w *store.Widget, connectionID int64, cred banks.Credentials) (*WidgetSCA, error) {
	wc, err := s.widgetConnectionOf(ctx, w, connectionID)
	if err != nil {
		return nil, err
	}
	conn, err := s.Store.ConnectionByID(ctx, connectionID)
	if err != nil {
		return nil, err
	}
	k, err := s.Store.LatestBankConsent(ctx, conn.ID)
	if err != nil {
		return nil, err
	}
	p, err := s.Banks.Bank(conn.Provider)
	if err != nil || k.ID != wc.ConsentID || k.CompletedAt.Valid || p.Info().SCA != banks.SCAEmbedded {
		return nil, ErrSCAClosed
	}
	auth, err := authorisationOf(k)
	if err != nil {
		return nil, err
	}
	consent, scaErr := p.CompleteSCA(ctx, auth, cred)
	if wrongCredentials(scaErr) {
		return nil, ErrInvalidCredentials
	}
	if scaErr != nil && !banks.Recoverable(scaErr) {
		return nil, fmt.Errorf("aggregation: SCA: %w", scaErr)
	}
	conn.CallbackFields = w.CallbackFields
	err = s.Store.InTx(ctx, func(tx *store.Tx) error {
		return s.settleConsent(ctx, tx, conn, k, consent, scaErr, k.Trigger)
	})
	if errors.Is(err, store.ErrConflict) {
		return nil, ErrSCAClosed
	}
	if err != nil {
		return nil, err
	}
	return s.widgetSCAState(ctx, w, conn.ID, errors.Is(scaErr, banks.ErrOneTimeCodeRequired))
}

// AbandonWidgetSCA ends a widget's open SCA as abandoned: the consent stays new.
func (s *Service) AbandonWidgetSCA(ctx context.Context, w *store.Widget, connectionID int64) error {
	wc, err := s.widgetConnectionOf(ctx, w, connectionID)
	if err != nil {
		return err
	}
	k, err := s.Store.LatestBankConsent(ctx, connectionID)
	if err != nil {
		return err
	}
	if k.ID == wc.ConsentID && !k.CompletedAt.Valid {
		conn, err := s.Store.ConnectionByID(ctx, connectionID)
		if err != nil {
			return err
		}
		err = s.Store.InTx(ctx, func(tx *store.Tx) error {
			return s.settleConsent(ctx, tx, conn, k, banks.Consent{Status: banks.ConsentNew}, nil, k.Trigger)
		})
		if err != nil && !errors.Is(err, store.ErrConflict) {
			return err
		}
	}
	_, err = s.widgetSCAState(ctx, w, connectionID, false)
	return err
}

// WidgetSCAReturned records the outcome of a widget's SCA once the subject
// is back from the bank's page, and returns it.
func (s *Service) WidgetSCAReturned(ctx context.Context, w *store.Widget, connectionID int64) (*WidgetSCA, error) {
	return s.widgetSCAState(ctx, w, connectionID, false)
}

// widgetSCAState reads the status of the SCA a widget started on a
// connection and, once it is complete, records it in the statistics.
func (s *Service) widgetSCAState(ctx context.Context, w *store.Widget, connectionID int64, codePending bool) (*WidgetSCA, error) {
	wc, err := s.widgetConnectionOf(ctx, w, connectionID)
	if err != nil {
		return nil, err
	}
	st := &WidgetSCA{ConnectionID: connectionID, Status: banks.ConsentStatus(wc.ConsentStatus), OneTimeCodeRequired: codePending}
	if codePending {
		return st, nil
	}
	if err := s.Store.SetWidgetOutcome(ctx, w.ID, wc.ConsentStatus, false); err != nil {
		return nil, err
	}
	return st, s.RecordStep(ctx, w.ID, StepSCACompleted)
}

func (s *Service) widgetConnectionOf(ctx context.Context, w *store.Widget, connectionID int64) (*store.WidgetConnection, error) {
	wc, err := s.Store.WidgetConnection(ctx, w.ID, connectionID)
	if errors.Is(err, store.ErrNotFound) {
		return nil, ErrNotWidgetConnection
	}
	return wc, err
}

// SCAPageReturn is where a bank's SCA page sends the subject when it is
// done: back to the widget that started the SCA, or else to the
// connection's returnTo with connectionId=<id>,<status>.
func (s *Service) SCAPageReturn(ctx context.Context, page *SCAPage, status banks.ConsentStatus) (string, error) {
	widgetID, err := s.Store.WidgetOfConsent(ctx, page.Consent.ID)
	if err == nil {
		return fmt.Sprintf("%s/widget/w/%d/return?connectionId=%d", s.PublicURL, widgetID, page.Connection.ID), nil
	}
	if !errors.Is(err, store.ErrNotFound) {
		return "", err
	}
	return ReturnURL(page.Connection.ReturnTo.String, [2]string{"connectionId", fmt.Sprintf("%d,%s", page.Connection.ID, status)}), nil
}
