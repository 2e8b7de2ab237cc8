package contract

import (
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
)

// generic are the headers any HTTP answer may carry, which the documents
// leave to HTTP itself: framing, caching, content and the security-header
// policy every page and API shares. Every other header an answer carries
// must be declared on the response in the document.
var generic = []string{
	"Cache-Control", "Connection", "Content-Disposition", "Content-Length", "Content-Security-Policy",
	"Content-Type", "Cross-Origin-Embedder-Policy", "Cross-Origin-Opener-Policy", "Cross-Origin-Resource-Policy",
	"Date", "Expires", "Permissions-Policy", "Pragma", "Referrer-Policy", "Strict-Transport-Security",
	"Transfer-Encoding", "Vary", "X-Content-Type-Options", "X-Frame-Options",
}

// undeclared returns an error naming the headers of an answer that its
// response in the document does not declare.
func undeclared(resp *openapi3.Response, header http.Header) error {
	var missing []string
	for name := range header {
		canonical := http.CanonicalHeaderKey(name)
		if slices.Contains(generic, canonical) || strings.HasPrefix(canonical, "Access-Control-") {
			continue
		}
		if !declares(resp, canonical) {
			missing = append(missing, canonical)
		}
	}
	if len(missing) == 0 {
		return nil
	}
	slices.Sort(missing)
	return fmt.Errorf("headers not declared on the response: %s", strings.Join(missing, ", "))
}

// declares reports whether resp declares the header name, in any case.
func declares(resp *openapi3.Response, name string) bool {
	if resp == nil {
		return false
	}
	for declared := range resp.Headers {
		if strings.EqualFold(declared, name) {
			return true
		}
	}
	return false
}

// response is the document's response of op for status: the status's own,
// else its class's (4XX), else the default; nil when it has none.
func response(op *openapi3.Operation, status int) *openapi3.Response {
	if op.Responses == nil {
		return nil
	}
	for _, ref := range []*openapi3.ResponseRef{op.Responses.Status(status),
		op.Responses.Value(fmt.Sprintf("%dXX", status/100)), op.Responses.Default()} {
		if ref != nil && ref.Value != nil {
			return ref.Value
		}
	}
	return nil
}
