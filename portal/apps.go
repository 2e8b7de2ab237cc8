package portal

import (
	"context"
	"errors"
	"fmt"

	"openbank/oauth"
	"openbank/store"
)

// AppSpec is what a developer sets on a test application.
type AppSpec struct {
	Name            string
	RedirectURIs    []string
	ReturnOrigins   []string
	CallbackSuccess string
	CallbackFailure string
	Security        store.CallbackSecurity // ClientID is ignored
}

// App is a developer's application: its client and callback security.
type App struct {
	Client   store.Client
	Security store.CallbackSecurity
	Requests []store.ProductionRequest // its requests for production access, newest first
}

// testGrants are the grants of a test application: server-to-server
// calls, and the authorization code for a redirect URI.
var testGrants = []string{oauth.GrantClientCredentials, oauth.GrantAuthorizationCode, oauth.GrantRefreshToken}

// Apps lists a developer's applications.
func (s *Service) Apps(ctx context.Context, d store.Developer) ([]store.Client, error) {
	return s.Store.DeveloperApps(ctx, d.ID)
}

// App returns one of the developer's applications; another's, or an
// unknown id, is ErrNotApplication.
func (s *Service) App(ctx context.Context, d store.Developer, clientID string) (App, error) {
	owns, err := s.Store.DeveloperOwns(ctx, d.ID, clientID)
	if err != nil {
		return App{}, err
	}
	if !owns {
		return App{}, ErrNotApplication
	}
	c, err := s.Store.GetClient(ctx, clientID)
	if err != nil {
		return App{}, err
	}
	sec, err := s.Aggregation.CallbackSecurity(ctx, clientID)
	if err != nil {
		return App{}, err
	}
	reqs, err := s.Store.ProductionRequests(ctx, d.ID)
	if err != nil {
		return App{}, err
	}
	app := App{Client: c, Security: sec}
	for _, r := range reqs {
		if r.TestClientID.String == clientID {
			app.Requests = append(app.Requests, r)
		}
	}
	return app, nil
}

// CreateApp registers a test application for the developer: a test client
// with the default products (the others are requested, never
// self-granted). The secret is returned once and stored as a digest.
func (s *Service) CreateApp(ctx context.Context, d store.Developer, spec AppSpec) (store.Client, string, error) {
	if err := s.check(ctx, store.Client{Grants: testGrants}, spec); err != nil {
		return store.Client{}, "", err
	}
	c, secret, err := s.Registry.CreateClient(ctx, oauth.ClientSpec{Name: spec.Name, Grants: testGrants,
		RedirectURIs: spec.RedirectURIs, ReturnOrigins: spec.ReturnOrigins, CallbackSuccess: spec.CallbackSuccess,
		CallbackFailure: spec.CallbackFailure, Environment: oauth.EnvironmentTest})
	if err != nil {
		return c, "", err
	}
	if err := s.Store.AddDeveloperApp(ctx, d.ID, c.ClientID); err != nil {
		return c, "", err
	}
	spec.Security.ClientID = c.ClientID
	if err := s.Aggregation.SetCallbackSecurity(ctx, spec.Security); err != nil {
		if derr := s.Registry.DeleteClient(ctx, c.ClientID); derr != nil {
			return c, "", errors.Join(err, derr)
		}
		return c, "", err
	}
	return c, secret, s.record(ctx, Actor(d.Email), "client.create", "client/"+c.ClientID, nil, appRecord(c, spec.Security))
}

// UpdateApp changes a test application's settings and callback security.
func (s *Service) UpdateApp(ctx context.Context, d store.Developer, clientID string, spec AppSpec) (store.Client, error) {
	before, err := s.App(ctx, d, clientID)
	if err != nil {
		return store.Client{}, err
	}
	if err := s.check(ctx, before.Client, spec); err != nil {
		return store.Client{}, err
	}
	spec.Security.ClientID = clientID
	if err := s.Aggregation.SetCallbackSecurity(ctx, spec.Security); err != nil {
		return store.Client{}, err
	}
	c, err := s.Registry.UpdateClient(ctx, clientID, func(c *store.Client) error {
		c.Name, c.RedirectURIs, c.ReturnOrigins = spec.Name, spec.RedirectURIs, spec.ReturnOrigins
		c.CallbackSuccess, c.CallbackFailure = spec.CallbackSuccess, spec.CallbackFailure
		return nil
	})
	if err != nil {
		return c, err
	}
	after, err := s.Aggregation.CallbackSecurity(ctx, clientID)
	if err != nil {
		return c, err
	}
	return c, s.record(ctx, Actor(d.Email), "client.update", "client/"+clientID,
		appRecord(before.Client, before.Security), appRecord(c, after))
}

// RotateSecret gives one of the developer's applications (test or
// production) a new secret, returned once; the old one stops at once.
func (s *Service) RotateSecret(ctx context.Context, d store.Developer, clientID string) (string, error) {
	if _, err := s.App(ctx, d, clientID); err != nil {
		return "", err
	}
	secret, err := s.Registry.RotateClientSecret(ctx, clientID, s.now())
	if err != nil {
		return "", err
	}
	return secret, s.record(ctx, Actor(d.Email), "client.rotate-secret", "client/"+clientID, nil, nil)
}

// DeleteApp deletes one of the developer's applications; its tokens are
// revoked everywhere.
func (s *Service) DeleteApp(ctx context.Context, d store.Developer, clientID string) error {
	app, err := s.App(ctx, d, clientID)
	if err != nil {
		return err
	}
	if err := s.Registry.DeleteClient(ctx, clientID); err != nil {
		return err
	}
	return s.record(ctx, Actor(d.Email), "client.delete", "client/"+clientID, appRecord(app.Client, app.Security), nil)
}

// Refusal is a setting the portal refuses, with the reason in words.
type Refusal struct{ Reason error }

func (r *Refusal) Error() string { return r.Reason.Error() }

// Unwrap is the reason.
func (r *Refusal) Unwrap() error { return r.Reason }

// check refuses settings the registry would refuse, and callback URLs the
// callbacks' outbound policy forbids, before anything is stored.
func (s *Service) check(ctx context.Context, c store.Client, spec AppSpec) error {
	c.Name, c.RedirectURIs, c.ReturnOrigins = spec.Name, spec.RedirectURIs, spec.ReturnOrigins
	c.CallbackSuccess, c.CallbackFailure = spec.CallbackSuccess, spec.CallbackFailure
	if c.SecretDigest == nil {
		c.SecretDigest = oauth.Digest("probe")
	}
	if err := oauth.ValidateClient(c); err != nil {
		return &Refusal{err}
	}
	for _, u := range []string{spec.CallbackSuccess, spec.CallbackFailure} {
		if u == "" {
			continue
		}
		if err := s.Aggregation.Outbound.CheckTarget(ctx, u); err != nil {
			return &Refusal{fmt.Errorf("callback URL %s: %w", u, err)}
		}
	}
	return nil
}

// Activity is what a developer sees of an application's traffic.
type Activity struct {
	Callbacks []store.Callback
	Errors    []store.APIError
}

// ActivityLimit is how many callbacks and errors the portal shows.
const ActivityLimit = 20

// Activity returns an application's newest callbacks and API errors.
func (s *Service) Activity(ctx context.Context, d store.Developer, clientID string) (Activity, error) {
	if _, err := s.App(ctx, d, clientID); err != nil {
		return Activity{}, err
	}
	cbs, err := s.Store.RecentCallbacks(ctx, clientID, ActivityLimit)
	if err != nil {
		return Activity{}, err
	}
	errs, err := s.Store.RecentAPIErrors(ctx, clientID, ActivityLimit)
	return Activity{Callbacks: cbs, Errors: errs}, err
}

// appRecord is an application as the audit log keeps it (no secret).
func appRecord(c store.Client, sec store.CallbackSecurity) map[string]any {
	return map[string]any{"clientId": c.ClientID, "name": c.Name, "environment": c.Environment,
		"redirectUris": c.RedirectURIs, "returnOrigins": c.ReturnOrigins, "products": c.Products,
		"callbackSuccess": c.CallbackSuccess, "callbackFailure": c.CallbackFailure,
		"callbackMtls": sec.MTLS, "callbackTokenUrl": sec.TokenURL, "callbackTokenClientId": sec.TokenClientID}
}
