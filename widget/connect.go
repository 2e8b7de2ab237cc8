package widget

import (
	"context"
	"slices"

	"openbank/aggregation"
	"openbank/banks"
	"openbank/store"
)

// SCA is where a widget's SCA stands after the subject acted.
type SCA struct {
	ConnectionID        int64
	Status              banks.ConsentStatus
	RedirectURL         string // redirect SCA: the bank's page to send the subject to
	CredentialsRequired bool   // embedded SCA: ask for the credentials, then CompleteSCA
	OneTimeCodeRequired bool   // embedded SCA: ask for the code, then CompleteSCA
	ApprovalPending     bool   // decoupled SCA: wait, asking again with CompleteSCA
}

// Banks lists the banks a widget offers: those of its countries, or the
// connection's own bank for a reconnect.
func (s *Service) Banks(ctx context.Context, w *store.Widget) ([]banks.Info, error) {
	if w.Kind == KindReconnect {
		conn, err := s.store().ConnectionByID(ctx, w.ConnectionID.Int64)
		if err != nil {
			return nil, err
		}
		p, err := s.Aggregation.ProviderFor(ctx, w.ClientID, conn.Provider)
		if err != nil {
			return nil, aggregation.ErrUnknownProvider
		}
		return []banks.Info{p.Info()}, nil
	}
	var out []banks.Info
	for _, code := range w.CountryCodes {
		list, err := s.Aggregation.ProvidersOf(ctx, w.ClientID, code)
		if err != nil {
			return nil, err
		}
		for _, p := range list {
			out = append(out, p.Info())
		}
	}
	return out, nil
}

// Bank finds a bank the widget offers.
func (s *Service) Bank(ctx context.Context, w *store.Widget, code string) (banks.Info, error) {
	list, err := s.Banks(ctx, w)
	if err != nil {
		return banks.Info{}, err
	}
	i := slices.IndexFunc(list, func(b banks.Info) bool { return b.Code == code })
	if i < 0 {
		return banks.Info{}, aggregation.ErrUnknownProvider
	}
	return list[i], nil
}

// Connect starts the SCA of the bank a subject chose in a widget: a new
// connection, or a new consent on the connection of a reconnect widget.
// Redirect banks answer with their page. Embedded banks check cred at once
// (wrong credentials are aggregation.ErrInvalidCredentials with nothing
// recorded, so the widget can ask again); without cred the SCA is left
// open for CompleteSCA.
func (s *Service) Connect(ctx context.Context, w *store.Widget, bank string, cred *banks.Credentials) (*SCA, error) {
	info, err := s.Bank(ctx, w, bank)
	if err != nil {
		return nil, err
	}
	conn, err := s.connection(ctx, w, info.Code)
	if err != nil {
		return nil, err
	}
	// A widget's kind, connect or reconnect, names the fetch its SCA starts.
	sca, err := s.Aggregation.StartSCA(ctx, conn, w.Kind, w.RequestID)
	if err != nil {
		return nil, err
	}
	sca.AskAgain = true
	sca.Record = func(tx *store.Tx, k *store.BankConsent) error {
		return tx.LinkWidgetConnection(ctx, w.ID, k.ConnectionID, k.ID)
	}
	if sca.RedirectURL != "" || cred == nil {
		if err := s.Aggregation.SaveSCA(ctx, sca); err != nil {
			return nil, err
		}
		return &SCA{ConnectionID: conn.ID, Status: banks.ConsentNew, RedirectURL: sca.RedirectURL,
			CredentialsRequired: sca.RedirectURL == ""}, nil
	}
	codePending, err := s.Aggregation.FinishSCA(ctx, sca, *cred)
	if err != nil {
		return nil, err
	}
	return s.pendingState(ctx, w, conn.ID, codePending, sca.ApprovalPending)
}

// connection is the connection a widget's SCA is for: not yet saved for a
// connect widget; for a reconnect, the widget's connection, whose next
// fetch carries the widget's callback fields and group.
func (s *Service) connection(ctx context.Context, w *store.Widget, provider string) (*store.Connection, error) {
	if w.Kind != KindReconnect {
		return &store.Connection{ClientID: w.ClientID, SubjectID: w.SubjectID, Provider: provider, Access: w.Access,
			ConsentDays: w.ConsentDays, CallbackFields: w.CallbackFields, RequestID: w.RequestID,
			ReturnTo: nullString(w.ReturnTo), GroupID: w.GroupID}, nil
	}
	conn, err := s.store().ConnectionByID(ctx, w.ConnectionID.Int64)
	if err != nil {
		return nil, err
	}
	conn.CallbackFields = w.CallbackFields
	if w.GroupID.Valid {
		conn.GroupID = w.GroupID
	}
	return conn, nil
}
