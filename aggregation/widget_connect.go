package aggregation

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"slices"

	"openbank/banks"
	"openbank/store"
)

// WidgetSCA is where a widget's SCA stands after the subject acted.
type WidgetSCA struct {
	ConnectionID        int64
	Status              banks.ConsentStatus
	RedirectURL         string // redirect SCA: the bank's page to send the subject to
	CredentialsRequired bool   // embedded SCA: ask for the credentials, then CompleteWidgetSCA
	OneTimeCodeRequired bool   // embedded SCA: ask for the code, then CompleteWidgetSCA
}

// WidgetBanks lists the banks a widget offers: those of its countries, or
// the connection's own bank for a reconnect.
func (s *Service) WidgetBanks(ctx context.Context, w *store.Widget) ([]banks.Info, error) {
	if w.Kind == WidgetReconnect {
		conn, err := s.Store.ConnectionByID(ctx, w.ConnectionID.Int64)
		if err != nil {
			return nil, err
		}
		p, err := s.Banks.Bank(conn.Provider)
		if err != nil {
			return nil, ErrUnknownProvider
		}
		return []banks.Info{p.Info()}, nil
	}
	var out []banks.Info
	for _, code := range w.CountryCodes {
		for _, p := range s.Banks.Country(code) {
			out = append(out, p.Info())
		}
	}
	return out, nil
}

// WidgetBank finds a bank the widget offers.
func (s *Service) WidgetBank(ctx context.Context, w *store.Widget, code string) (banks.Info, error) {
	list, err := s.WidgetBanks(ctx, w)
	if err != nil {
		return banks.Info{}, err
	}
	i := slices.IndexFunc(list, func(b banks.Info) bool { return b.Code == code })
	if i < 0 {
		return banks.Info{}, ErrUnknownProvider
	}
	return list[i], nil
}

// ConnectFromWidget starts the SCA of the bank a subject chose in a widget:
// a new connection, or a new consent on the connection of a reconnect
// widget. Redirect banks answer with their page. Embedded banks check cred
// at once (wrong credentials are ErrInvalidCredentials with nothing
// recorded, so the widget can ask again); without cred the SCA is left open
// for CompleteWidgetSCA.
func (s *Service) ConnectFromWidget(ctx context.Context, w *store.Widget, bank string, cred *banks.Credentials) (*WidgetSCA, error) {
	info, err := s.WidgetBank(ctx, w, bank)
	if err != nil {
		return nil, err
	}
	p, err := s.Banks.Bank(info.Code)
	if err != nil {
		return nil, ErrUnknownProvider
	}
	conn, seed, err := s.widgetConnection(ctx, w, info.Code)
	if err != nil {
		return nil, err
	}
	auth, err := p.StartSCA(ctx, banks.ConsentRequest{Seed: seed, ValidFor: validity(conn.Access, conn.ConsentDays)})
	if err != nil {
		return nil, fmt.Errorf("aggregation: start SCA: %w", err)
	}
	if info.SCA == banks.SCARedirect {
		token, digest := newSCAToken()
		if err := s.saveWidgetSCA(ctx, w, conn, auth, digest, nil); err != nil {
			return nil, err
		}
		link := s.PublicURL + "/mockbank/" + url.PathEscape(info.Code) + "/sca?token=" + url.QueryEscape(token)
		return &WidgetSCA{ConnectionID: conn.ID, Status: banks.ConsentNew, RedirectURL: link}, nil
	}
	if cred == nil {
		if err := s.saveWidgetSCA(ctx, w, conn, auth, nil, nil); err != nil {
			return nil, err
		}
		return &WidgetSCA{ConnectionID: conn.ID, Status: banks.ConsentNew, CredentialsRequired: true}, nil
	}
	consent, scaErr := p.CompleteSCA(ctx, auth, *cred)
	if wrongCredentials(scaErr) {
		return nil, ErrInvalidCredentials
	}
	if scaErr != nil && !banks.Recoverable(scaErr) {
		return nil, fmt.Errorf("aggregation: SCA: %w", scaErr)
	}
	err = s.saveWidgetSCA(ctx, w, conn, auth, nil, func(tx *store.Tx, k *store.BankConsent) error {
		return s.settleConsent(ctx, tx, conn, k, consent, scaErr, k.Trigger)
	})
	if err != nil {
		return nil, err
	}
	return s.widgetSCAState(ctx, w, conn.ID, errors.Is(scaErr, banks.ErrOneTimeCodeRequired))
}

// widgetConnection is the connection a widget's SCA is for, not yet saved
// for a connect widget, and the seed that keeps a reconnect's accounts.
func (s *Service) widgetConnection(ctx context.Context, w *store.Widget, provider string) (*store.Connection, int64, error) {
	if w.Kind != WidgetReconnect {
		return &store.Connection{ClientID: w.ClientID, SubjectID: w.SubjectID, Provider: provider, Access: w.Access,
			ConsentDays: w.ConsentDays, CallbackFields: w.CallbackFields, RequestID: w.RequestID,
			ReturnTo: nullString(w.ReturnTo), GroupID: w.GroupID}, newSeed(), nil
	}
	conn, err := s.Store.ConnectionByID(ctx, w.ConnectionID.Int64)
	if err != nil {
		return nil, 0, err
	}
	k, err := s.Store.LatestBankConsent(ctx, conn.ID)
	if err != nil {
		return nil, 0, err
	}
	auth, err := authorisationOf(k)
	if err != nil {
		return nil, 0, err
	}
	conn.CallbackFields = w.CallbackFields // the fetch it starts carries the widget's fields
	if w.GroupID.Valid {
		conn.GroupID = w.GroupID
	}
	return conn, auth.Seed, nil
}

// saveWidgetSCA records, in one transaction, the connection if new, its
// consent, the widget's link to both, and then what settle adds.
func (s *Service) saveWidgetSCA(ctx context.Context, w *store.Widget, conn *store.Connection, auth banks.Authorisation, scaToken []byte, settle func(*store.Tx, *store.BankConsent) error) error {
	authJSON, err := encode(auth)
	if err != nil {
		return err
	}
	trigger := "connect"
	if w.Kind == WidgetReconnect {
		trigger = "reconnect"
	}
	return s.Store.InTx(ctx, func(tx *store.Tx) error {
		if conn.ID == 0 {
			if err := tx.InsertConnection(ctx, conn); err != nil {
				return err
			}
		} else if err := tx.LockConnection(ctx, conn.ID); err != nil {
			return err
		}
		k := &store.BankConsent{ConnectionID: conn.ID, Status: string(banks.ConsentNew), Trigger: trigger,
			Authorisation: authJSON, RequestID: nullString(w.RequestID)}
		if err := tx.InsertBankConsent(ctx, k, scaToken); err != nil {
			return err
		}
		if err := tx.LinkWidgetConnection(ctx, w.ID, conn.ID, k.ID); err != nil {
			return err
		}
		if settle == nil {
			return nil
		}
		return settle(tx, k)
	})
}

func wrongCredentials(err error) bool {
	return errors.Is(err, banks.ErrInvalidCredentials) || errors.Is(err, banks.ErrOneTimeCodeInvalid)
}
