package aggregation

import (
	"context"
	"errors"
	"fmt"
	"net/url"

	"openbank/banks"
	"openbank/store"
)

// SCA is one strong customer authentication of a connection: the consent
// that records it and the bank's authorisation it runs under. The API's
// connections and the widget both start and finish SCAs through it.
type SCA struct {
	Connection    *store.Connection // ID 0 until saved; its callback fields and group go with the first fetch
	Consent       *store.BankConsent
	Authorisation banks.Authorisation
	RedirectURL   string // redirect banks: the bank page the subject must visit
	// AskAgain: wrong credentials are ErrInvalidCredentials with nothing
	// recorded, so the form can ask again; otherwise the consent ends as fail.
	AskAgain bool
	// ApprovalPending: after FinishSCA, a decoupled bank still waits for
	// the subject's approval in its app; the SCA stays open.
	ApprovalPending bool
	// PollApproval (the API's SCAs; the widget asks itself while the
	// subject waits on its page): an approval left pending queues
	// ApprovalJob, which asks the bank again until it answers.
	PollApproval bool
	// Record, when set, runs in the transaction that saves the SCA, after
	// its connection and consent exist.
	Record func(tx *store.Tx, k *store.BankConsent) error

	pageToken []byte  // digest of the bank page link's token
	quotas    *Quotas // the client's, read before the transaction that saves a new connection (readQuotas)
}

// StartSCA asks a connection's bank for a new authorisation and prepares
// the consent that records it; trigger names the fetch it starts (connect
// or reconnect). A new connection (ID 0) gets a fresh seed, an existing one
// keeps its previous seed so that its accounts keep their ids. Nothing is
// saved yet: SaveSCA or FinishSCA do that.
func (s *Service) StartSCA(ctx context.Context, conn *store.Connection, trigger, requestID string) (*SCA, error) {
	p, err := s.Banks.Bank(conn.Provider)
	if err != nil {
		return nil, ErrUnknownProvider
	}
	seed, err := s.seedOf(ctx, conn)
	if err != nil {
		return nil, err
	}
	req := banks.ConsentRequest{Seed: seed, ValidFor: validity(conn.Access, conn.ConsentDays), Recurring: conn.Access != OneTime}
	redirect := p.Info().SCA == banks.SCARedirect
	var token string
	var digest []byte
	if redirect {
		token, digest = newSCAToken()
		req.RedirectURI = s.bankReturnURI(conn.Provider, token)
	}
	auth, err := s.startAtBank(ctx, p, req)
	if err != nil {
		return nil, fmt.Errorf("aggregation: start SCA: %w", err)
	}
	authJSON, err := encode(auth)
	if err != nil {
		return nil, err
	}
	sca := &SCA{Connection: conn, Authorisation: auth, Consent: &store.BankConsent{Status: string(banks.ConsentNew),
		Trigger: trigger, Authorisation: authJSON, RequestID: nullString(requestID)}}
	if redirect {
		sca.pageToken = digest
		sca.RedirectURL = auth.RedirectURL
		if sca.RedirectURL == "" {
			sca.RedirectURL = s.PublicURL + "/mockbank/" + url.PathEscape(conn.Provider) + "/sca?token=" + url.QueryEscape(token)
		}
	}
	return sca, nil
}

// startAtBank asks the bank for an authorisation. A bank with its own
// sign-in page is asked only while the subject is present (the standard
// wants the subject's address with the consent request): otherwise the
// subject's link leads to Openbank's page first, which asks the bank
// then (BeginBankSCA).
func (s *Service) startAtBank(ctx context.Context, p banks.Provider, req banks.ConsentRequest) (banks.Authorisation, error) {
	if _, present := banks.PSUOf(ctx); returnsToTPP(p) && !present {
		return banks.Authorisation{Bank: p.Info().Code, Seed: req.Seed, ValidFor: req.ValidFor, StartedAt: s.now().UTC(),
			SCA: banks.SCARedirect}, nil
	}
	return p.StartSCA(ctx, req)
}

// bankReturnURI is the address a bank with its own sign-in page sends
// the subject back to.
func (s *Service) bankReturnURI(bank, token string) string {
	return s.PublicURL + "/mockbank/" + url.PathEscape(bank) + "/return?token=" + url.QueryEscape(token)
}

// returnsToTPP reports whether a bank signs its customers in on its own
// page and sends them back to Openbank's return address.
func returnsToTPP(p banks.Provider) bool {
	r, ok := p.(banks.Returner)
	return ok && r.ReturnsToTPP()
}

// seedOf is the seed of a connection's data: new for a new connection, the
// one of its newest consent otherwise.
func (s *Service) seedOf(ctx context.Context, conn *store.Connection) (int64, error) {
	if conn.ID == 0 {
		return newSeed(), nil
	}
	k, err := s.Store.LatestBankConsent(ctx, conn.ID)
	if err != nil {
		return 0, err
	}
	auth, err := authorisationOf(k)
	return auth.Seed, err
}

// OpenSCA is a connection's newest consent while its SCA is still open;
// ErrSCAClosed once the bank has answered.
func (s *Service) OpenSCA(ctx context.Context, conn *store.Connection) (*SCA, error) {
	k, err := s.Store.LatestBankConsent(ctx, conn.ID)
	if err != nil {
		return nil, err
	}
	if k.CompletedAt.Valid {
		return nil, ErrSCAClosed
	}
	auth, err := authorisationOf(k)
	if err != nil {
		return nil, err
	}
	return &SCA{Connection: conn, Consent: k, Authorisation: auth}, nil
}

// SaveSCA records a started SCA left open: a redirect bank's, or an
// embedded one waiting for the subject's credentials.
func (s *Service) SaveSCA(ctx context.Context, sca *SCA) error {
	if err := s.readQuotas(ctx, sca); err != nil {
		return err
	}
	return s.Store.InTx(ctx, func(tx *store.Tx) error { return s.saveSCA(ctx, tx, sca) })
}

// readQuotas reads the client's quotas for an SCA whose connection is new,
// before the transaction that saves it: read inside, they would ask the
// pool for a second connection while the transaction holds one, and a
// burst of new connections (when the client's cached row expires) can
// hold every connection of the pool so, each waiting for another.
func (s *Service) readQuotas(ctx context.Context, sca *SCA) error {
	if sca.Consent.ID != 0 || sca.Connection.ID != 0 || sca.quotas != nil {
		return nil
	}
	q, err := s.QuotasOf(ctx, sca.Connection.ClientID)
	if err != nil {
		return err
	}
	sca.quotas = &q
	return nil
}

// saveSCA inserts the connection when it is new and within the client's
// quotas (else locks it) and the consent, unless the SCA is saved already.
func (s *Service) saveSCA(ctx context.Context, tx *store.Tx, sca *SCA) error {
	if sca.Consent.ID != 0 {
		return nil
	}
	if sca.Connection.ID == 0 {
		if sca.quotas == nil { // read here, they would ask the pool for a second connection
			return errors.New("aggregation: a new connection's quotas are read (readQuotas) before the transaction that saves it")
		}
		if err := checkQuotas(ctx, tx, *sca.quotas, sca.Connection.ClientID, sca.Connection.SubjectID); err != nil {
			return err
		}
		if err := tx.InsertConnection(ctx, sca.Connection); err != nil {
			return err
		}
	} else if err := tx.LockConnection(ctx, sca.Connection.ID); err != nil {
		return err
	}
	sca.Consent.ConnectionID = sca.Connection.ID
	if err := tx.InsertBankConsent(ctx, sca.Consent, sca.pageToken); err != nil {
		return err
	}
	if sca.Record == nil {
		return nil
	}
	return sca.Record(tx, sca.Consent)
}
