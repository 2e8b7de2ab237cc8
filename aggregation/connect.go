package aggregation

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
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
	provider, err := s.ProviderFor(ctx, req.ClientID, req.Provider)
	if err != nil {
		return nil, err
	}
	info := provider.Info()
	if info.SCA == banks.SCARedirect {
		if err := s.CheckReturnTo(ctx, req.ClientID, req.ReturnTo); err != nil {
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
	return s.runSCA(ctx, conn, "connect", req.RequestID, req.Credentials)
}

// ReconnectRequest asks for a new SCA on an existing connection.
type ReconnectRequest struct {
	ClientID       string
	ConnectionID   int64
	Credentials    *banks.Credentials // embedded SCA
	ReturnTo       string             // redirect SCA; empty: the connection's own
	CallbackFields map[string]string  // nil: the connection's own
	RequestID      string
	GroupID        string
}

// Reconnect starts a new SCA on one of the client's connections, as the
// reconnect widget does: the connection keeps its id and accounts, and the
// fetch the new consent queues is a reconnect.
func (s *Service) Reconnect(ctx context.Context, req ReconnectRequest) (*Connected, error) {
	conn, err := s.Store.Connection(ctx, req.ClientID, req.ConnectionID)
	if err != nil {
		return nil, err
	}
	if _, err := s.Banks.Bank(conn.Provider); err != nil {
		return nil, ErrNothingToFetch // an upload has no bank to reconnect to
	}
	provider, err := s.ProviderFor(ctx, req.ClientID, conn.Provider)
	if err != nil {
		return nil, err
	}
	if provider.Info().SCA == banks.SCARedirect {
		if req.ReturnTo == "" {
			req.ReturnTo = conn.ReturnTo.String
		}
		if err := s.CheckReturnTo(ctx, req.ClientID, req.ReturnTo); err != nil {
			return nil, err
		}
		conn.ReturnTo = nullString(req.ReturnTo)
	} else if req.Credentials == nil {
		return nil, ErrCredentialsRequired
	}
	if req.CallbackFields != nil {
		if conn.CallbackFields, err = encodeFields(req.CallbackFields); err != nil {
			return nil, err
		}
	}
	if req.GroupID != "" {
		conn.GroupID = nullString(req.GroupID)
	}
	return s.runSCA(ctx, conn, "reconnect", req.RequestID, req.Credentials)
}

// runSCA starts a connection's SCA for the fetch trigger names: a redirect
// bank's is saved open for its page; an embedded bank checks cred at once;
// a decoupled bank's approval still to come is asked for in the background
// (ApprovalJob).
func (s *Service) runSCA(ctx context.Context, conn *store.Connection, trigger, requestID string, cred *banks.Credentials) (*Connected, error) {
	sca, err := s.StartSCA(ctx, conn, trigger, requestID)
	if err != nil {
		return nil, err
	}
	codePending := false
	sca.PollApproval = true
	if sca.RedirectURL != "" {
		err = s.SaveSCA(ctx, sca)
	} else {
		codePending, err = s.FinishSCA(ctx, sca, *cred)
	}
	if err != nil {
		return nil, err
	}
	saved, err := s.Store.Connection(ctx, conn.ClientID, conn.ID)
	if err != nil {
		return nil, err
	}
	return &Connected{Connection: saved, SCARedirectURL: sca.RedirectURL, OneTimeCodeRequired: codePending}, nil
}

// CompleteSCA finishes a connection's open embedded SCA, e.g. with the
// one-time code the bank asked for. While a decoupled bank waits for the
// subject's approval in its app there is nothing to send
// (ErrAwaitingApproval): ApprovalJob asks the bank.
func (s *Service) CompleteSCA(ctx context.Context, clientID string, connectionID int64, cred banks.Credentials) (*Connected, error) {
	conn, err := s.Store.Connection(ctx, clientID, connectionID)
	if err != nil {
		return nil, err
	}
	sca, err := s.OpenSCA(ctx, conn)
	if err != nil {
		return nil, err
	}
	if s.awaitingApproval(sca) {
		return nil, ErrAwaitingApproval
	}
	sca.PollApproval = true
	codePending, err := s.FinishSCA(ctx, sca, cred)
	if err != nil {
		return nil, err
	}
	saved, err := s.Store.Connection(ctx, clientID, conn.ID)
	if err != nil {
		return nil, err
	}
	return &Connected{Connection: saved, OneTimeCodeRequired: codePending}, nil
}

// CheckReturnTo accepts an absolute http(s) URL whose origin the client
// registered, for connections and widgets alike.
func (s *Service) CheckReturnTo(ctx context.Context, clientID, returnTo string) error {
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
