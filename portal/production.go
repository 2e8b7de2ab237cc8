package portal

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"strings"

	"openbank/oauth"
	"openbank/store"
)

// RequestableProducts are the products that need the provider's
// permission: a developer requests them, an admin grants them.
var RequestableProducts = []string{oauth.ProductWidget, oauth.ProductCallbacks, oauth.ProductUpload, oauth.ProductInsight, oauth.ProductPDF}

// RequestProduction asks for production credentials of one of the
// developer's test applications, with the products it needs.
func (s *Service) RequestProduction(ctx context.Context, d store.Developer, clientID string, products []string, note string) (store.ProductionRequest, error) {
	app, err := s.App(ctx, d, clientID)
	if err != nil {
		return store.ProductionRequest{}, err
	}
	if app.Client.Environment == oauth.EnvironmentProduction {
		return store.ProductionRequest{}, ErrProduction
	}
	wanted := make([]string, 0, len(products))
	for _, p := range products {
		if slices.Contains(RequestableProducts, p) && !slices.Contains(wanted, p) {
			wanted = append(wanted, p)
		}
	}
	r := store.ProductionRequest{DeveloperID: d.ID, DeveloperEmail: d.Email, TestClientID: store.NullString{String: clientID, Valid: true},
		AppName: app.Client.Name, Products: wanted, Note: strings.TrimSpace(note), Status: "pending"}
	if err := s.Store.CreateProductionRequest(ctx, &r); errors.Is(err, store.ErrConflict) {
		return r, ErrPending
	} else if err != nil {
		return r, err
	}
	return r, s.record(ctx, Actor(d.Email), "production.request", "client/"+clientID, nil, RequestRecord(r))
}

// RequestsOf lists a developer's requests, newest first.
func (s *Service) RequestsOf(ctx context.Context, d store.Developer) ([]store.ProductionRequest, error) {
	return s.Store.ProductionRequests(ctx, d.ID)
}

// Requests lists the requests for production access, pending first.
func (s *Service) Requests(ctx context.Context) ([]store.ProductionRequest, error) {
	return s.Store.ProductionRequests(ctx, 0)
}

// Decide approves or refuses a pending request as admin. Approval creates
// a separate production client (a new client id; its secret is issued to
// the developer in the portal, once), copying the test application's
// settings and callback security and granting the requested products;
// the test application keeps working, on test banks only. The caller (the
// console) writes the audit entry with the request before and after.
func (s *Service) Decide(ctx context.Context, id int64, admin string, approve bool, reason string) (before, after store.ProductionRequest, err error) {
	before, err = s.Store.ProductionRequest(ctx, id, false)
	if err != nil {
		return before, after, err
	}
	if before.Status != "pending" {
		return before, after, ErrNotDecidable
	}
	after = before
	after.Status, after.Reason = "refused", strings.TrimSpace(reason)
	after.DecidedBy, after.DecidedAt = store.NullString{String: admin, Valid: true}, sql.NullTime{Time: s.now(), Valid: true}
	if approve && !before.TestClientID.Valid {
		return before, after, ErrTestAppGone
	}
	if approve {
		after.Status = "approved"
		c, err := s.productionClient(ctx, before)
		if err != nil {
			return before, after, err
		}
		after.ProductionClientID = store.NullString{String: c.ClientID, Valid: true}
	}
	if err := s.Store.DecideProductionRequest(ctx, after); err != nil {
		if after.ProductionClientID.Valid { // decided meanwhile by another admin: undo this approval's client
			err = errors.Join(err, s.Registry.DeleteClient(ctx, after.ProductionClientID.String))
		}
		return before, after, err
	}
	return before, after, nil
}

// productionClient creates the production client of an approved request,
// owned by the request's developer. Its secret is discarded now: the
// developer gets one when opening it in the portal (IssueSecret).
func (s *Service) productionClient(ctx context.Context, r store.ProductionRequest) (store.Client, error) {
	test, err := s.Store.GetClient(ctx, r.TestClientID.String)
	if err != nil {
		return test, err
	}
	c, _, err := s.Registry.CreateClient(ctx, oauth.ClientSpec{Name: test.Name, Grants: test.Grants, RedirectURIs: test.RedirectURIs,
		ReturnOrigins: test.ReturnOrigins, CallbackSuccess: test.CallbackSuccess, CallbackFailure: test.CallbackFailure,
		Products: r.Products, PrivacyURL: test.PrivacyURL, Environment: oauth.EnvironmentProduction})
	if err != nil {
		return c, err
	}
	if err := s.Store.AddDeveloperApp(ctx, r.DeveloperID, c.ClientID); err != nil {
		return c, err
	}
	sec, err := s.Aggregation.CallbackSecurity(ctx, test.ClientID)
	if err != nil {
		return c, err
	}
	sec.ClientID = c.ClientID
	return c, s.Store.SetCallbackSecurity(ctx, sec)
}

// IssueSecret gives the production client of an approved request its
// secret and returns it, once: a second call is ErrSecretIssued.
func (s *Service) IssueSecret(ctx context.Context, d store.Developer, requestID int64) (clientID, secret string, err error) {
	r, err := s.Store.ProductionRequest(ctx, requestID, false)
	if err != nil || r.DeveloperID != d.ID || r.Status != "approved" || !r.ProductionClientID.Valid {
		return "", "", ErrNotApplication
	}
	first, err := s.Store.MarkSecretIssued(ctx, requestID)
	if err != nil {
		return "", "", err
	}
	if !first {
		return "", "", ErrSecretIssued
	}
	clientID = r.ProductionClientID.String
	if secret, err = s.Registry.RotateClientSecret(ctx, clientID, s.now()); err != nil {
		return "", "", err
	}
	return clientID, secret, s.record(ctx, Actor(d.Email), "production.secret", "client/"+clientID, nil, RequestRecord(r))
}

// RequestRecord is a request as the audit log keeps it.
func RequestRecord(r store.ProductionRequest) map[string]any {
	return map[string]any{"id": r.ID, "developer": r.DeveloperEmail, "testClientId": r.TestClientID.String,
		"app": r.AppName, "products": r.Products, "note": r.Note, "status": r.Status, "reason": r.Reason,
		"productionClientId": r.ProductionClientID.String}
}
