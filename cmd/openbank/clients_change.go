package main

import (
	"context"
	"errors"
	"flag"
	"time"

	"openbank/console"
	"openbank/store"
)

func clientUpdateFlags(fs *flag.FlagSet) func(context.Context, *environment) error {
	id := fs.String("client-id", "", "the client to change (required)")
	name := fs.String("name", "", "new display name")
	success := fs.String("callback-success", "", "new URL of success callbacks")
	failure := fs.String("callback-failure", "", "new URL of failure callbacks")
	hmacSecret := fs.String("callback-hmac-secret", "", "secret (16+ characters) for the X-Openbank-Hmac-Sha256 callback header")
	clearHMAC := fs.Bool("clear-callback-hmac", false, "stop adding the HMAC header to callbacks")
	rateLimit := fs.Int("rate-limit", -1, rateLimitUsage+"; 0 returns to the default")
	privacy := privacyURLFlag(fs, privacyURLUsage+"; an empty value removes it")
	quotas := quotaFlagsOf(fs, -1, "; not given: unchanged")
	locale := localeFlag(fs, localeUsage+"; an empty value removes it")
	notice := fs.Int("consent-expiry-notice-days", -1, "send a consentExpiring callback this many days (1-30) before a recurring consent expires; 0 turns it off")
	var grants, uris, origins, products list
	fs.Var(&grants, "grant", "replaces the allowed grants (repeatable)")
	fs.Var(&uris, "redirect-uri", "replaces the redirect URIs (repeatable)")
	fs.Var(&origins, "return-to-origin", "replaces the widget return origins (repeatable)")
	fs.Var(&products, "product", "replaces the products: gateway, aggregation, widget, callbacks, insight, pdf, upload (repeatable)")
	security := addProfileFlags(fs)
	return func(ctx context.Context, env *environment) error {
		if err := required("client-id", *id); err != nil {
			return err
		}
		if err := checkRateLimit(*rateLimit, -1); err != nil {
			return err
		}
		if err := checkCallbackURLs(ctx, env.cfg, *success, *failure); err != nil {
			return err
		}
		db, err := openDB(ctx, env.cfg)
		if err != nil {
			return err
		}
		defer func() { _ = db.Close() }()
		before, err := db.GetClient(ctx, *id)
		if err != nil {
			return err
		}
		c, err := registryOf(db.Store, env.cfg).UpdateClient(ctx, *id, func(c *store.Client) error {
			set := func(dst *string, v string) {
				if v != "" {
					*dst = v
				}
			}
			set(&c.Name, *name)
			set(&c.CallbackSuccess, *success)
			set(&c.CallbackFailure, *failure)
			for _, l := range []struct {
				dst *[]string
				v   list
			}{{(*[]string)(&c.Grants), grants}, {(*[]string)(&c.RedirectURIs), uris},
				{(*[]string)(&c.ReturnOrigins), origins}, {(*[]string)(&c.Products), products}} {
				if len(l.v) > 0 {
					*l.dst = l.v
				}
			}
			if privacy.set {
				c.PrivacyURL = privacy.value
			}
			quotas.apply(&c.ClientQuotas)
			if locale.set {
				c.DefaultLocale = locale.value
			}
			return callbackSettings(c, *hmacSecret, *clearHMAC, *notice)
		})
		if err != nil {
			return err
		}
		if err := setRateLimit(ctx, db.Store, &c, *rateLimit); err != nil {
			return err
		}
		if err := recordChange(ctx, db.Store, "client.update", "client/"+c.ClientID, console.ClientOf(before), console.ClientOf(c)); err != nil {
			return err
		}
		if security.given() {
			cs, err := saveProfile(ctx, registryOf(db.Store, env.cfg), c.ClientID, security)
			if err != nil {
				return err
			}
			return printJSON(env.stdout, viewWithProfile(viewClient(c, ""), cs))
		}
		return printJSON(env.stdout, viewClient(c, ""))
	}
}

func clientRotateFlags(fs *flag.FlagSet) func(context.Context, *environment) error {
	id := fs.String("client-id", "", "the client (required)")
	keep := fs.Duration("keep-old-for", 0, "how long the old secret stays valid (at most 720h); 0: it stops at once")
	return func(ctx context.Context, env *environment) error {
		if err := required("client-id", *id); err != nil {
			return err
		}
		db, err := openDB(ctx, env.cfg)
		if err != nil {
			return err
		}
		defer func() { _ = db.Close() }()
		until := time.Now().Add(*keep)
		secret, err := registryOf(db.Store, env.cfg).RotateClientSecret(ctx, *id, until)
		if err != nil {
			return err
		}
		if err := recordChange(ctx, db.Store, "client.rotate-secret", "client/"+*id, nil, console.RotationOf(*keep, until)); err != nil {
			return err
		}
		return printJSON(env.stdout, map[string]string{"client_id": *id, "client_secret": secret})
	}
}

func clientDeleteFlags(fs *flag.FlagSet) func(context.Context, *environment) error {
	id := fs.String("client-id", "", "the client (required)")
	return func(ctx context.Context, env *environment) error {
		if err := required("client-id", *id); err != nil {
			return err
		}
		db, err := openDB(ctx, env.cfg)
		if err != nil {
			return err
		}
		defer func() { _ = db.Close() }()
		if err := registryOf(db.Store, env.cfg).DeleteClient(ctx, *id); err != nil {
			return err
		}
		if err := recordChange(ctx, db.Store, "client.delete", "client/"+*id, nil, nil); err != nil {
			return err
		}
		return printJSON(env.stdout, map[string]any{"client_id": *id, "deleted": true})
	}
}

// callbackSettings applies the HMAC secret and expiry-notice flags.
func callbackSettings(c *store.Client, secret string, clear bool, notice int) error {
	switch {
	case clear:
		c.CallbackHMAC = nil
	case secret != "" && len(secret) < 16:
		return errors.New("--callback-hmac-secret must be at least 16 characters")
	case secret != "":
		c.CallbackHMAC = []byte(secret)
	}
	if notice > 30 {
		return errors.New("--consent-expiry-notice-days must be from 0 to 30")
	}
	if notice >= 0 {
		c.ExpiryNotice = notice
	}
	return nil
}
