package main

import (
	"context"
	"flag"
	"fmt"
	"text/tabwriter"

	"openbank/console"
	"openbank/oauth"
	"openbank/store"
)

// clientView is how commands print a client (never its secret digest).
type clientView struct {
	ClientID        string   `json:"client_id"`
	ClientSecret    string   `json:"client_secret,omitempty"`
	Name            string   `json:"name"`
	Public          bool     `json:"public"`
	Grants          []string `json:"grants"`
	RedirectURIs    []string `json:"redirect_uris"`
	ReturnOrigins   []string `json:"return_origins"`
	CallbackSuccess string   `json:"callback_success"`
	CallbackFailure string   `json:"callback_failure"`
	Products        []string `json:"products"`
	CallbackHMAC    bool     `json:"callback_hmac"`
	ExpiryNotice    int      `json:"consent_expiry_notice_days"`
	RateLimit       int      `json:"rate_limit"` // requests per RATE_LIMIT_WINDOW; 0: RATE_LIMIT_REQUESTS
	PrivacyURL      string   `json:"privacy_url"`
	Environment     string   `json:"environment"`
	// The client's own aggregation quotas; 0: the server's default.
	MaxSubjectConnections int    `json:"max_connections_per_subject"`
	MaxSubjectWidgets     int    `json:"max_open_widgets_per_subject"`
	MaxConnections        int    `json:"max_connections"`
	DefaultLocale         string `json:"default_locale"`
}

func viewClient(c store.Client, secret string) clientView {
	return clientView{ClientID: c.ClientID, ClientSecret: secret, Name: c.Name, Public: c.SecretDigest == nil,
		Grants: c.Grants, RedirectURIs: c.RedirectURIs, ReturnOrigins: c.ReturnOrigins,
		CallbackSuccess: c.CallbackSuccess, CallbackFailure: c.CallbackFailure, Products: c.Products,
		CallbackHMAC: c.CallbackHMAC != nil, ExpiryNotice: c.ExpiryNotice, RateLimit: c.RateLimit,
		PrivacyURL: c.PrivacyURL, Environment: c.Environment,
		MaxSubjectConnections: c.MaxSubjectConnections, MaxSubjectWidgets: c.MaxSubjectWidgets,
		MaxConnections: c.MaxConnections, DefaultLocale: c.DefaultLocale}
}

func clientCreateFlags(fs *flag.FlagSet) func(context.Context, *environment) error {
	var spec oauth.ClientSpec
	var grants, uris, origins, products list
	fs.StringVar(&spec.Name, "name", "", "display name, shown on the consent page (required)")
	fs.Var(&grants, "grant", "allowed grant: client_credentials, password, authorization_code, refresh_token (repeatable)")
	fs.Var(&uris, "redirect-uri", "redirect URI, matched exactly (repeatable)")
	fs.Var(&origins, "return-to-origin", "origin the widget may return to, scheme://host[:port] (repeatable)")
	fs.StringVar(&spec.CallbackSuccess, "callback-success", "", "URL of success callbacks")
	fs.StringVar(&spec.CallbackFailure, "callback-failure", "", "URL of failure callbacks")
	fs.Var(&products, "product", "product besides gateway and aggregation: widget, callbacks, insight, pdf, upload (repeatable)")
	fs.BoolVar(&spec.Public, "public", false, "a public client (no secret; authorization code with PKCE)")
	fs.StringVar(&spec.Environment, "environment", oauth.EnvironmentTest, "test (connects the test banks only) or production (real banks only)")
	rateLimit := fs.Int("rate-limit", 0, rateLimitUsage)
	privacy := privacyURLFlag(fs, privacyURLUsage)
	quotas := quotaFlagsOf(fs, 0, "")
	security := addProfileFlags(fs)
	locale := localeFlag(fs, localeUsage)
	return func(ctx context.Context, env *environment) error {
		spec.DefaultLocale = locale.value
		if err := required("name", spec.Name); err != nil {
			return err
		}
		quotas.apply(&spec.Quotas)
		if err := checkRateLimit(*rateLimit, 0); err != nil {
			return err
		}
		if err := checkCallbackURLs(ctx, env.cfg, spec.CallbackSuccess, spec.CallbackFailure); err != nil {
			return err
		}
		spec.Grants, spec.RedirectURIs, spec.ReturnOrigins, spec.Products = grants, uris, origins, products
		db, err := openDB(ctx, env.cfg)
		if err != nil {
			return err
		}
		defer func() { _ = db.Close() }()
		registry := registryOf(db.Store, env.cfg)
		c, secret, err := registry.CreateClient(ctx, spec)
		if err != nil {
			return err
		}
		if err := setRateLimit(ctx, db.Store, &c, *rateLimit); err != nil {
			return err
		}
		if err := setPrivacyURL(ctx, registry, &c, privacy); err != nil {
			return err
		}
		if err := recordChange(ctx, db.Store, "client.create", "client/"+c.ClientID, nil, console.ClientOf(c)); err != nil {
			return err
		}
		if security.given() {
			cs, err := saveProfile(ctx, registry, c.ClientID, security)
			if err != nil {
				return fmt.Errorf("client %s was created, but its security profile was refused (fix it with client update): %w", c.ClientID, err)
			}
			return printJSON(env.stdout, viewWithProfile(viewClient(c, secret), cs))
		}
		return printJSON(env.stdout, viewClient(c, secret))
	}
}

func clientListFlags(fs *flag.FlagSet) func(context.Context, *environment) error {
	asJSON := fs.Bool("json", false, "print JSON")
	return func(ctx context.Context, env *environment) error {
		db, err := openDB(ctx, env.cfg)
		if err != nil {
			return err
		}
		defer func() { _ = db.Close() }()
		cs, err := db.ListClients(ctx)
		if err != nil {
			return err
		}
		views := make([]clientView, 0, len(cs))
		for _, c := range cs {
			views = append(views, viewClient(c, ""))
		}
		if *asJSON {
			return printJSON(env.stdout, views)
		}
		w := tabwriter.NewWriter(env.stdout, 0, 4, 2, ' ', 0)
		fmt.Fprintln(w, "CLIENT ID\tNAME\tGRANTS\tPRODUCTS")
		for _, v := range views {
			fmt.Fprintf(w, "%s\t%s\t%v\t%v\n", v.ClientID, v.Name, v.Grants, v.Products)
		}
		return w.Flush()
	}
}
