package oauth

// Client authentication methods by their RFC 8414 names, beside
// AuthPrivateKeyJWT and AuthTLSClient.
const (
	AuthSecretBasic = "client_secret_basic"
	AuthSecretPost  = "client_secret_post"
	AuthNone        = "none" // a public client: its client_id alone
)

// AuthMethods are the client authentication methods AuthenticateClient
// accepts, so those of every endpoint that authenticates clients (token,
// revocation, introspection, PAR). tls_client_auth is among them when
// client certificates reach the server.
func (s *Server) AuthMethods() []string {
	methods := []string{AuthSecretBasic, AuthSecretPost, AuthPrivateKeyJWT}
	if s.MutualTLS() {
		methods = append(methods, AuthTLSClient)
	}
	return append(methods, AuthNone)
}
