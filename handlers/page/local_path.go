package page

import (
	"net/url"
	"path"
	"strings"
	"unicode"
	"unicode/utf8"
)

// LocalPath normalises the return path of a sign-in (`next=`) to a clean
// path under home (e.g. "/admin/"): control characters are dropped, `.` and
// `..` segments resolved, repeated slashes merged and the query re-encoded.
// A scheme, a host, a path starting with `//`, a backslash, text that is not
// UTF-8 or a path that leaves home is home instead (no open redirect,
// nothing raw in Location).
func LocalPath(p, home string) string {
	if !utf8.ValidString(p) {
		return home
	}
	p = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return -1
		}
		return r
	}, p)
	if !strings.HasPrefix(p, "/") || strings.HasPrefix(p, "//") || strings.Contains(p, "\\") {
		return home
	}
	u, err := url.Parse(p)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil || u.Opaque != "" ||
		!utf8.ValidString(u.Path) || strings.ContainsFunc(u.Path, unicode.IsControl) || strings.Contains(u.Path, "\\") {
		return home
	}
	clean := path.Clean(u.Path)
	if strings.HasSuffix(u.Path, "/") && clean != "/" {
		clean += "/"
	}
	if clean == strings.TrimSuffix(home, "/") {
		clean = home
	}
	if !strings.HasPrefix(clean, home) {
		return home
	}
	out := url.URL{Path: clean}
	if q, err := url.ParseQuery(u.RawQuery); err == nil {
		out.RawQuery = q.Encode()
	}
	return out.String()
}

// Lines splits a textarea into its non-empty, trimmed lines.
func Lines(s string) []string {
	out := make([]string, 0)
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}
