package dpop

import (
	"net/url"
	"strings"
)

// SameURL compares a proof's htu with a request's URL as RFC 9449 §4.3
// says: without query and fragment, after the syntax-based normalisation of
// RFC 3986 §6.2.2 (case of scheme and host, percent-encoding) and the
// scheme-based one of §6.2.3 (default port, empty path).
func SameURL(htu, request string) bool {
	a, ok1 := normalise(htu)
	b, ok2 := normalise(request)
	return ok1 && ok2 && a == b
}

// normalise returns the comparable form of an absolute http(s) URL.
func normalise(raw string) (string, bool) {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || u.User != nil || u.Opaque != "" {
		return "", false
	}
	scheme := strings.ToLower(u.Scheme)
	host, port := strings.ToLower(u.Hostname()), u.Port()
	switch {
	case scheme == "https" && port == "443", scheme == "http" && port == "80":
		port = ""
	case scheme != "https" && scheme != "http":
		return "", false
	}
	if strings.Contains(host, ":") {
		host = "[" + host + "]"
	}
	if port != "" {
		host += ":" + port
	}
	path := (&url.URL{Path: u.Path}).EscapedPath()
	if path == "" {
		path = "/"
	}
	return scheme + "://" + host + path, true
}
