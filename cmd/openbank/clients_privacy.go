package main

import (
	"context"
	"errors"
	"flag"
	"net/url"

	"openbank/oauth"
	"openbank/store"
)

// privacyURLUsage describes the --privacy-url flag of client create and update.
const privacyURLUsage = "the client's privacy or support page (absolute http(s) URL), where the widget tells subjects to ask to withdraw a consent"

// privacyURLFlag adds --privacy-url to fs; the answer is nil until the flag
// is given, so that update can tell "unchanged" from "cleared" (an empty value).
func privacyURLFlag(fs *flag.FlagSet, usage string) *optionalString {
	v := &optionalString{}
	fs.Func("privacy-url", usage, func(s string) error {
		if err := checkPrivacyURL(s); err != nil {
			return err
		}
		v.value, v.set = s, true
		return nil
	})
	return v
}

// optionalString is a flag's value and whether it was given.
type optionalString struct {
	value string
	set   bool
}

// checkPrivacyURL accepts an absolute http(s) URL, or "" (none).
func checkPrivacyURL(s string) error {
	if s == "" {
		return nil
	}
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return errors.New("must be an absolute http(s) URL, e.g. https://example.com/privacy")
	}
	return nil
}

// setPrivacyURL stores the privacy page given to client create.
func setPrivacyURL(ctx context.Context, registry *oauth.Registry, c *store.Client, v *optionalString) error {
	if !v.set || v.value == c.PrivacyURL {
		return nil
	}
	updated, err := registry.UpdateClient(ctx, c.ClientID, func(u *store.Client) error {
		u.PrivacyURL = v.value
		return nil
	})
	if err != nil {
		return err
	}
	c.PrivacyURL = updated.PrivacyURL
	return nil
}
