package secure

import (
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"
)

// Cookie name prefixes that browsers enforce: a __Host- cookie is https
// only, for the whole site and this host alone (no subdomain can set or
// overwrite it); a __Secure- cookie is https only.
const (
	hostPrefix   = "__Host-"
	securePrefix = "__Secure-"
)

// HostCookies is the middleware of a server reached over https, the one
// place where cookie names get their prefix: every cookie a response sets
// is renamed __Host-name when its Path is / (__Secure-name under a narrower
// path), and a request's cookies are read back under their plain names,
// prefixed ones only, so a cookie planted without the prefix is never
// read. Handlers keep using the plain names.
func HostCookies(c *gin.Context) {
	readPrefixed(c.Request)
	w := &cookieWriter{ResponseWriter: c.Writer}
	c.Writer = w
	c.Next()
	w.rename() // an answer without a body is written after the handlers
	c.Writer = w.ResponseWriter
}

// readPrefixed keeps only the prefixed cookies of r, under plain names.
func readPrefixed(r *http.Request) {
	cookies := r.Cookies()
	if len(cookies) == 0 {
		return
	}
	kept := make([]string, 0, len(cookies))
	for _, ck := range cookies {
		name, ok := strings.CutPrefix(ck.Name, hostPrefix)
		if !ok {
			name, ok = strings.CutPrefix(ck.Name, securePrefix)
		}
		if ok {
			kept = append(kept, name+"="+cookieValue(ck))
		}
	}
	r.Header.Set("Cookie", strings.Join(kept, "; "))
}

// cookieValue is a request cookie's value as it was sent.
func cookieValue(ck *http.Cookie) string {
	if ck.Quoted {
		return `"` + ck.Value + `"`
	}
	return ck.Value
}

// cookieWriter renames the cookies of a response before its header goes out.
type cookieWriter struct {
	gin.ResponseWriter
	renamed bool
}

// rename prefixes the name of every Set-Cookie of the response, once.
func (w *cookieWriter) rename() {
	if w.renamed || w.Written() {
		return
	}
	w.renamed = true
	h := w.Header()
	for i, line := range h.Values("Set-Cookie") {
		ck, err := http.ParseSetCookie(line)
		if err != nil || strings.HasPrefix(ck.Name, hostPrefix) || strings.HasPrefix(ck.Name, securePrefix) {
			continue
		}
		prefix := securePrefix
		if ck.Path == "/" && ck.Domain == "" {
			prefix = hostPrefix
		}
		if !ck.Secure {
			line += "; Secure"
		}
		h["Set-Cookie"][i] = prefix + line
	}
}

func (w *cookieWriter) WriteHeaderNow() {
	w.rename()
	w.ResponseWriter.WriteHeaderNow()
}

func (w *cookieWriter) Write(b []byte) (int, error) {
	w.rename()
	return w.ResponseWriter.Write(b)
}

func (w *cookieWriter) WriteString(s string) (int, error) {
	w.rename()
	return w.ResponseWriter.WriteString(s)
}

func (w *cookieWriter) Flush() {
	w.rename()
	w.ResponseWriter.Flush()
}
