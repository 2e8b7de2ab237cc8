package banks

import (
	"context"
	"errors"
	"testing"
	"time"
)

// clock is a movable test clock.
type clock struct{ now time.Time }

func (c *clock) Now() time.Time { return c.now }

// connect runs an SCA with a test credential against a mock bank.
func connect(t *testing.T, p Provider, cred Credentials) (Consent, error) {
	t.Helper()
	ctx := context.Background()
	auth, err := p.StartSCA(ctx, ConsentRequest{Seed: 42, ValidFor: 90 * 24 * time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	return p.CompleteSCA(ctx, auth, cred)
}

func TestTestCredentials(t *testing.T) {
	t.Parallel()
	tests := []struct {
		user, password, code string
		bank                 string
		status               ConsentStatus
		scaErr               error
		fetchErr             error
		recoverable          bool
	}{
		{"user", "secret", "", ConsumerLowRisk, ConsentOK, nil, nil, false},
		{"user", "wrong", "", ConsumerLowRisk, ConsentNew, ErrInvalidCredentials, nil, true},
		{"nobody", "secret", "", ConsumerLowRisk, ConsentNew, ErrInvalidCredentials, nil, true},
		{"sca-fail", "secret", "", RedirectScenario, ConsentFail, nil, nil, false},
		{"sca-abandon", "secret", "", RedirectScenario, ConsentNew, nil, nil, false},
		{"consent-error", "secret", "", ConsumerHighRisk, ConsentOK, nil, ErrConsentRevoked, true},
		{"provider-error", "secret", "", ConsumerHighRisk, ConsentOK, nil, ErrProviderUnavailable, false},
		{"maintenance", "secret", "", BusinessLowRisk, ConsentOK, nil, ErrMaintenance, false},
		{"otp", "secret", "", EmbeddedScenario, ConsentNew, ErrOneTimeCodeRequired, nil, true},
		{"otp", "secret", "000000", EmbeddedScenario, ConsentNew, ErrOneTimeCodeInvalid, nil, true},
		{"otp", "secret", "123456", EmbeddedScenario, ConsentOK, nil, nil, false},
		{"otp", "secret", "", RedirectScenario, ConsentOK, nil, nil, false},
	}
	for _, tt := range tests {
		p, _ := NewMock(tt.bank, Options{Now: (&clock{testNow}).Now})
		c, err := connect(t, p, Credentials{Username: tt.user, Password: tt.password, OneTimeCode: tt.code})
		if err != tt.scaErr || c.Status != tt.status {
			t.Errorf("%s/%s on %s: status %s error %v, want %s %v", tt.user, tt.code, tt.bank, c.Status, err, tt.status, tt.scaErr)
			continue
		}
		if err != nil {
			if Recoverable(err) != tt.recoverable {
				t.Errorf("%s: Recoverable(%v) = %v", tt.user, err, !tt.recoverable)
			}
			continue
		}
		_, err = p.Accounts(context.Background(), c)
		wantErr := tt.fetchErr
		if c.Status != ConsentOK {
			wantErr = ErrConsentNotGranted
		}
		if !errors.Is(err, wantErr) || (err != nil && Recoverable(err) != (tt.recoverable || c.Status != ConsentOK)) {
			t.Errorf("%s on %s: fetch error %v (recoverable %v), want %v", tt.user, tt.bank, err, Recoverable(err), wantErr)
		}
	}
}

func TestMaintenanceGivesRetryHint(t *testing.T) {
	t.Parallel()
	if d, ok := RetryAfter(ErrMaintenance); !ok || d <= 0 {
		t.Errorf("RetryAfter(ErrMaintenance) = %v, %v", d, ok)
	}
	if _, ok := RetryAfter(ErrConsentExpired); ok {
		t.Error("a consent error carries no retry hint")
	}
}

func TestExpiringConsent(t *testing.T) {
	t.Parallel()
	clk := &clock{testNow}
	p, _ := NewMock(ConsumerLowRisk, Options{Now: clk.Now})
	c, err := connect(t, p, Credentials{Username: "expire-soon", Password: TestPassword})
	if err != nil || c.ValidUntil.Sub(c.GrantedAt) != ExpiringAfter {
		t.Fatalf("consent %+v, %v", c, err)
	}
	tests := []struct {
		after time.Duration
		want  error
	}{
		{time.Minute, nil},
		{ExpiringAfter - time.Second, nil},
		{ExpiringAfter, ErrConsentExpired},
		{time.Hour, ErrConsentExpired},
	}
	for _, tt := range tests {
		clk.now = testNow.Add(tt.after)
		if _, err := p.Accounts(context.Background(), c); err != tt.want {
			t.Errorf("after %s: %v, want %v", tt.after, err, tt.want)
		}
	}
}

func TestSlowFetch(t *testing.T) {
	t.Parallel()
	const delay = 60 * time.Millisecond
	p, _ := NewMock(ConsumerLowRisk, Options{Now: (&clock{testNow}).Now, SlowFetch: delay})
	c, _ := connect(t, p, Credentials{Username: "slow", Password: TestPassword})
	start := time.Now()
	if _, err := p.Accounts(context.Background(), c); err != nil || time.Since(start) < delay {
		t.Errorf("slow fetch took %s, err %v", time.Since(start), err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Millisecond)
	defer cancel()
	if _, err := p.Accounts(ctx, c); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("slow fetch under a short deadline: %v", err)
	}
}
