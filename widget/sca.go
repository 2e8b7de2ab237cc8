package widget

import (
	"context"
	"errors"

	"openbank/aggregation"
	"openbank/banks"
	"openbank/store"
)

// CompleteSCA finishes the open embedded SCA of a widget's connection with
// the one-time code the bank asked for, or asks a decoupled bank again
// (cred empty) whether the subject has approved. A wrong code is
// aggregation.ErrInvalidCredentials and leaves the SCA open so the widget
// can ask again.
func (s *Service) CompleteSCA(ctx context.Context, w *store.Widget, connectionID int64, cred banks.Credentials) (*SCA, error) {
	sca, err := s.openSCA(ctx, w, connectionID)
	if err != nil {
		return nil, err
	}
	sca.AskAgain = true
	sca.Connection.CallbackFields = w.CallbackFields
	codePending, err := s.Aggregation.FinishSCA(ctx, sca, cred)
	if err != nil {
		return nil, err
	}
	return s.pendingState(ctx, w, connectionID, codePending, sca.ApprovalPending)
}

// pendingState is scaState, the SCA left open while a decoupled bank waits
// for the subject's approval.
func (s *Service) pendingState(ctx context.Context, w *store.Widget, connectionID int64, codePending, approvalPending bool) (*SCA, error) {
	st, err := s.scaState(ctx, w, connectionID, codePending || approvalPending)
	if err != nil {
		return nil, err
	}
	st.OneTimeCodeRequired, st.ApprovalPending = codePending, approvalPending
	return st, nil
}

// AbandonSCA ends a widget's open SCA as abandoned: the consent stays new.
func (s *Service) AbandonSCA(ctx context.Context, w *store.Widget, connectionID int64) error {
	sca, err := s.openSCA(ctx, w, connectionID)
	if err == nil {
		err = s.Aggregation.AbandonSCA(ctx, sca)
	}
	if err != nil && !errors.Is(err, aggregation.ErrSCAClosed) {
		return err
	}
	_, err = s.scaState(ctx, w, connectionID, false)
	return err
}

// SCAReturned records the outcome of a widget's SCA once the subject is
// back from the bank's page, and returns it.
func (s *Service) SCAReturned(ctx context.Context, w *store.Widget, connectionID int64) (*SCA, error) {
	return s.scaState(ctx, w, connectionID, false)
}

// openSCA is the SCA the widget started on a connection while it is open;
// aggregation.ErrSCAClosed once it is settled or superseded.
func (s *Service) openSCA(ctx context.Context, w *store.Widget, connectionID int64) (*aggregation.SCA, error) {
	wc, err := s.connectionOf(ctx, w, connectionID)
	if err != nil {
		return nil, err
	}
	conn, err := s.store().ConnectionByID(ctx, connectionID)
	if err != nil {
		return nil, err
	}
	sca, err := s.Aggregation.OpenSCA(ctx, conn)
	if err != nil {
		return nil, err
	}
	if sca.Consent.ID != wc.ConsentID {
		return nil, aggregation.ErrSCAClosed
	}
	return sca, nil
}

// scaState reads the status of the SCA a widget started on a connection
// and, once it is complete, records it in the statistics.
func (s *Service) scaState(ctx context.Context, w *store.Widget, connectionID int64, codePending bool) (*SCA, error) {
	wc, err := s.connectionOf(ctx, w, connectionID)
	if err != nil {
		return nil, err
	}
	st := &SCA{ConnectionID: connectionID, Status: banks.ConsentStatus(wc.ConsentStatus), OneTimeCodeRequired: codePending}
	if codePending {
		return st, nil
	}
	if err := s.store().SetWidgetOutcome(ctx, w.ID, wc.ConsentStatus, false); err != nil {
		return nil, err
	}
	return st, s.RecordStep(ctx, w.ID, StepSCACompleted)
}

// connectionOf is a connection the widget started; ErrUnknownConnection
// for any other.
func (s *Service) connectionOf(ctx context.Context, w *store.Widget, connectionID int64) (*store.WidgetConnection, error) {
	wc, err := s.store().WidgetConnection(ctx, w.ID, connectionID)
	if errors.Is(err, store.ErrNotFound) {
		return nil, ErrUnknownConnection
	}
	return wc, err
}
