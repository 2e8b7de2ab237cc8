package banks

import "time"

// Scenario is what a mock bank's test credential makes its fetches do.
type Scenario string

// The scenarios a successful SCA can carry.
const (
	ScenarioNormal        Scenario = "normal"         // fetches succeed
	ScenarioExpiring      Scenario = "expiring"       // the consent expires a few minutes after SCA
	ScenarioConsentError  Scenario = "consent_error"  // fetches fail with ErrConsentRevoked (recoverable)
	ScenarioProviderError Scenario = "provider_error" // fetches fail with ErrProviderUnavailable (not recoverable)
	ScenarioSlow          Scenario = "slow"           // Accounts waits Options.SlowFetch before answering
	ScenarioMaintenance   Scenario = "maintenance"    // fetches fail with ErrMaintenance (not recoverable)
	ScenarioLargeHistory  Scenario = "large_history"  // the first account has over 10,000 transactions
	ScenarioThrottled     Scenario = "throttled"      // every other Accounts call answers ThrottleError
)

// Test credentials of the mock banks; every user's password is TestPassword.
const (
	TestPassword    = "secret"
	TestOneTimeCode = "123456" // asked of the "otp" user by Embedded Scenario
	ExpiringAfter   = 5 * time.Minute
)

// testUser is what a mock bank does for one username.
type testUser struct {
	status   ConsentStatus
	scenario Scenario
	otp      bool // Embedded Scenario asks for TestOneTimeCode
}

// testUsers maps each documented username to its outcome (see docs/mock-banks.md).
var testUsers = map[string]testUser{
	"user":           {status: ConsentOK, scenario: ScenarioNormal},
	"sca-fail":       {status: ConsentFail},
	"sca-abandon":    {status: ConsentNew},
	"expire-soon":    {status: ConsentOK, scenario: ScenarioExpiring},
	"consent-error":  {status: ConsentOK, scenario: ScenarioConsentError},
	"provider-error": {status: ConsentOK, scenario: ScenarioProviderError},
	"slow":           {status: ConsentOK, scenario: ScenarioSlow},
	"maintenance":    {status: ConsentOK, scenario: ScenarioMaintenance},
	"otp":            {status: ConsentOK, scenario: ScenarioNormal, otp: true},
	"large":          {status: ConsentOK, scenario: ScenarioLargeHistory},
	"throttled":      {status: ConsentOK, scenario: ScenarioThrottled},
}

// TestUsernames lists every test username, in the order the mock banks'
// documentation lists them.
func TestUsernames() []string {
	return []string{"user", "sca-fail", "sca-abandon", "expire-soon", "consent-error", "provider-error", "maintenance",
		"slow", "otp", "large", "throttled"}
}

// fetchError is the error a scenario makes every fetch return, if any.
func (s Scenario) fetchError() error {
	switch s {
	case ScenarioConsentError:
		return ErrConsentRevoked
	case ScenarioProviderError:
		return ErrProviderUnavailable
	case ScenarioMaintenance:
		return ErrMaintenance
	}
	return nil
}
