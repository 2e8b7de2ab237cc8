package widget

import (
	"context"
	"errors"
	"log/slog"
	"net/url"
	"time"

	"openbank/aggregation"
	"openbank/store"
)

// Terms are what a subject agrees to on a widget's consent page: how long
// the client may read the data and whom to ask to withdraw.
type Terms struct {
	OneTime    bool
	Days       int       // recurring: how long the consent lasts
	Until      time.Time // when access would end if the subject agreed now
	PrivacyURL string    // the client's privacy or support page; "" when it registered none
}

// Terms reads the terms of a widget's consent.
func (s *Service) Terms(ctx context.Context, w *store.Widget) Terms {
	t := Terms{OneTime: w.Access == aggregation.OneTime, Days: w.ConsentDays, PrivacyURL: s.PrivacyURL(ctx, w.ClientID)}
	if t.OneTime {
		t.Until = s.now().Add(aggregation.OneTimeValidity)
	} else {
		t.Until = s.now().Add(time.Duration(w.ConsentDays) * 24 * time.Hour)
	}
	return t
}

// PrivacyURL is the privacy or support page a client registered, when it
// is an absolute http(s) address; "" otherwise. A client that cannot be
// read has none: the page still says to ask the client.
func (s *Service) PrivacyURL(ctx context.Context, clientID string) string {
	c, err := s.store().GetClient(ctx, clientID)
	if errors.Is(err, store.ErrNotFound) {
		return ""
	}
	if err != nil {
		slog.WarnContext(ctx, "client privacy page", "client", clientID, "error", err)
		return ""
	}
	u, err := url.Parse(c.PrivacyURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return ""
	}
	return c.PrivacyURL
}
