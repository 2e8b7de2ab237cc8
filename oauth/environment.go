package oauth

// The environments a client lives in. Test clients connect only test
// (mock) banks; production clients only real banks. The environment is
// a claim of every access token and part of every introspection.
const (
	EnvironmentTest       = "test"
	EnvironmentProduction = "production"
)

// Environments lists the environments, test first.
var Environments = []string{EnvironmentTest, EnvironmentProduction}

// environmentOf is a client's environment; a client without one is a
// test client.
func environmentOf(env string) string {
	if env == "" {
		return EnvironmentTest
	}
	return env
}
