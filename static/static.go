// Package static holds the CSS, scripts and images the pages use, embedded in
// the binary and served with content digests so browsers may cache them for
// a year.
package static

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"net/http"
	"strings"
)

//go:embed css img admin
var files embed.FS

// Assets serves the embedded files and names them with their digests.
type Assets struct {
	digests map[string]string
	files   http.Handler
}

// New digests every embedded file.
func New() *Assets {
	a := &Assets{digests: map[string]string{}, files: http.FileServerFS(files)}
	// The files are embedded in the binary: reading them cannot fail.
	_ = fs.WalkDir(files, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		body, err := files.ReadFile(path)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(body)
		a.digests[path] = hex.EncodeToString(sum[:8])
		return nil
	})
	return a
}

// Path is the URL of an asset, e.g. Path("css/openbank.css") is
// "/static/css/openbank.css?v=<digest>".
func (a *Assets) Path(name string) string {
	return "/static/" + name + "?v=" + a.digests[name]
}

// ServeHTTP serves an asset under /static/. A request naming the current
// digest may be cached forever; others must revalidate with the ETag.
func (a *Assets) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	name := strings.TrimPrefix(r.URL.Path, "/static/")
	digest, ok := a.digests[name]
	if !ok {
		http.NotFound(w, r)
		return
	}
	etag := `"` + digest + `"`
	w.Header().Set("ETag", etag)
	if r.URL.Query().Get("v") == digest {
		w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		w.Header().Set("Cache-Control", "no-cache")
	}
	if r.Header.Get("If-None-Match") == etag {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	r2 := r.Clone(r.Context())
	r2.URL.Path = "/" + name
	a.files.ServeHTTP(w, r2)
}
