package aggregation

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"math"
	"math/big"
	"net/url"
	"strings"

	"openbank/banks"
	"openbank/store"
)

// ConnectRequest creates a connection without the widget.
type ConnectRequest struct {
	ClientID       string
	SubjectID      string
	Provider       string
	Access         string
	ConsentDays    int
	Credentials    *banks.Credentials // embedded SCA
	ReturnTo       string             // redirect SCA
	CallbackFields map[string]string
	RequestID      string
	GroupID        string
}

// Connected is the outcome of Connect.
type Connected struct {
	Connection *store.Connection
	// SCARedirectURL is the bank page the subject must visit (redirect SCA).
	SCARedirectURL string
	// OneTimeCodeRequired: the bank asks for a one-time code (embedded SCA);
	// send it with CompleteSCA.
	OneTimeCodeRequired bool
}

// Connect creates a connection and starts its SCA: redirect banks answer
// with the URL of their SCA page; embedded banks check the credentials at
// once and, when the consent is ok, the first fetch is queued.
func (s *Service) Connect(ctx context.Context, req ConnectRequest) (*Connected, error) {
	provider, err := s.Banks.Bank(req.Provider)
	if err != nil {
		return nil, ErrUnknownProvider
	}
	info := provider.Info()
	if info.SCA == banks.SCARedirect {
		if err := s.checkReturnTo(ctx, req.ClientID, req.ReturnTo); err != nil {
			return nil, err
		}
	} else if req.Credentials == nil {
		return nil, ErrCredentialsRequired
	}
	fields, err := encodeFields(req.CallbackFields)
	if err != nil {
		return nil, err
	}
	conn := &store.Connection{
		ClientID: req.ClientID, SubjectID: req.SubjectID, Provider: info.Code, Access: req.Access,
		ConsentDays: req.ConsentDays, CallbackFields: fields, RequestID: req.RequestID,
		ReturnTo: nullString(req.ReturnTo), GroupID: nullString(req.GroupID),
	}
	auth, err := provider.StartSCA(ctx, banks.ConsentRequest{Seed: newSeed(), ValidFor: validity(req.Access, req.ConsentDays)})
	if err != nil {
		return nil, fmt.Errorf("aggregation: start SCA: %w", err)
	}
	if info.SCA == banks.SCARedirect {
		return s.connectRedirect(ctx, conn, auth)
	}
	return s.connectEmbedded(ctx, provider, conn, auth, *req.Credentials)
}

func (s *Service) connectRedirect(ctx context.Context, conn *store.Connection, auth banks.Authorisation) (*Connected, error) {
	token, digest := newSCAToken()
	authJSON, err := encode(auth)
	if err != nil {
		return nil, err
	}
	err = s.Store.InTx(ctx, func(tx *store.Tx) error {
		if err := tx.InsertConnection(ctx, conn); err != nil {
			return err
		}
		k := &store.BankConsent{ConnectionID: conn.ID, Status: string(banks.ConsentNew), Authorisation: authJSON,
			RequestID: nullString(conn.RequestID)}
		return tx.InsertBankConsent(ctx, k, digest)
	})
	if err != nil {
		return nil, err
	}
	saved, err := s.Store.Connection(ctx, conn.ClientID, conn.ID)
	if err != nil {
		return nil, err
	}
	link := s.PublicURL + "/mockbank/" + url.PathEscape(conn.Provider) + "/sca?token=" + url.QueryEscape(token)
	return &Connected{Connection: saved, SCARedirectURL: link}, nil
}

func (s *Service) connectEmbedded(ctx context.Context, p banks.Provider, conn *store.Connection, auth banks.Authorisation, cred banks.Credentials) (*Connected, error) {
	consent, scaErr := p.CompleteSCA(ctx, auth, cred)
	if scaErr != nil && !banks.Recoverable(scaErr) {
		return nil, fmt.Errorf("aggregation: SCA: %w", scaErr)
	}
	authJSON, err := encode(auth)
	if err != nil {
		return nil, err
	}
	err = s.Store.InTx(ctx, func(tx *store.Tx) error {
		if err := tx.InsertConnection(ctx, conn); err != nil {
			return err
		}
		k := &store.BankConsent{ConnectionID: conn.ID, Status: string(banks.ConsentNew), Authorisation: authJSON, RequestID: nullString(conn.RequestID)}
		if err := tx.InsertBankConsent(ctx, k, nil); err != nil {
			return err
		}
		return s.settleConsent(ctx, tx, conn, k, consent, scaErr, "connect")
	})
	if err != nil {
		return nil, err
	}
	saved, err := s.Store.Connection(ctx, conn.ClientID, conn.ID)
	if err != nil {
		return nil, err
	}
	return &Connected{Connection: saved, OneTimeCodeRequired: errors.Is(scaErr, banks.ErrOneTimeCodeRequired)}, nil
}

// settleConsent records an SCA's outcome on consent k and, when it is ok,
// queues a fetch. Wrong credentials end the SCA as fail; a one-time code
// still to come leaves it new.
func (s *Service) settleConsent(ctx context.Context, tx *store.Tx, conn *store.Connection, k *store.BankConsent, c banks.Consent, scaErr error, trigger string) error {
	switch {
	case errors.Is(scaErr, banks.ErrOneTimeCodeRequired):
		return nil
	case scaErr != nil:
		c.Status = banks.ConsentFail
	}
	k.Status = string(c.Status)
	k.CompletedAt = store.NullTime{Time: s.now(), Valid: true}
	k.ValidUntil = store.NullTime{}
	k.GrantData = nil
	if c.Status == banks.ConsentOK {
		k.ValidUntil = store.NullTime{Time: c.ValidUntil, Valid: true}
		grant, err := encode(c)
		if err != nil {
			return err
		}
		k.GrantData = grant
	}
	if err := tx.CompleteBankConsent(ctx, k, c.Status == banks.ConsentOK); err != nil {
		return err
	}
	if c.Status != banks.ConsentOK {
		return nil
	}
	return tx.QueueFetch(ctx, &store.Fetch{ConnectionID: conn.ID, Trigger: trigger,
		CallbackFields: conn.CallbackFields, RequestID: k.RequestID, GroupID: conn.GroupID}, FetchMaxAttempts)
}

// checkReturnTo accepts an absolute http(s) URL whose origin the client registered.
func (s *Service) checkReturnTo(ctx context.Context, clientID, returnTo string) error {
	if returnTo == "" {
		return ErrReturnToRequired
	}
	settings, err := s.Clients.Settings(ctx, clientID)
	if err != nil {
		return err
	}
	if !OriginAllowed(returnTo, settings.ReturnToOrigins) {
		return ErrReturnToNotAllowed
	}
	return nil
}

// OriginAllowed reports whether raw is an absolute http(s) URL whose
// scheme://host[:port] is exactly one of origins.
func OriginAllowed(raw string, origins []string) bool {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil {
		return false
	}
	origin := strings.ToLower(u.Scheme + "://" + u.Host)
	for _, o := range origins {
		if strings.ToLower(strings.TrimSuffix(o, "/")) == origin {
			return true
		}
	}
	return false
}

// newSCAToken returns a random token for a bank page link and its digest.
func newSCAToken() (string, []byte) {
	b := make([]byte, 32)
	rand.Read(b)
	token := base64.RawURLEncoding.EncodeToString(b)
	return token, SCATokenDigest(token)
}

// SCATokenDigest is the stored form of an SCA page token.
func SCATokenDigest(token string) []byte {
	sum := sha256.Sum256([]byte(token))
	return sum[:]
}

func newSeed() int64 {
	n, err := rand.Int(rand.Reader, big.NewInt(math.MaxInt64))
	if err != nil { // crypto/rand does not fail on a positive bound
		panic(err)
	}
	return n.Int64()
}

func nullString(s string) store.NullString { return store.NullString{String: s, Valid: s != ""} }
