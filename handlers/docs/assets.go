package docs

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"net/http"
	"path"

	"github.com/gin-gonic/gin"
)

// The reference UI (swagger-ui-dist, see ui/VERSION) and the pages' own
// scripts, served from the binary: the pages load nothing from elsewhere.
//
//go:embed ui
var uiFiles embed.FS

// assets knows the digest of every embedded UI file.
type assets struct {
	digests map[string]string
}

func newAssets() *assets {
	a := &assets{digests: map[string]string{}}
	entries, err := uiFiles.ReadDir("ui")
	if err != nil {
		panic("docs: the embedded UI cannot be listed: " + err.Error())
	}
	for _, e := range entries {
		body, err := uiFiles.ReadFile("ui/" + e.Name())
		if err != nil {
			panic("docs: the embedded UI cannot be read: " + err.Error())
		}
		sum := sha256.Sum256(body)
		a.digests[e.Name()] = hex.EncodeToString(sum[:8])
	}
	return a
}

// path is the URL of a UI file carrying its digest.
func (a *assets) path(name string) string {
	return "/docs/ui/" + name + "?v=" + a.digests[name]
}

var assetTypes = map[string]string{
	".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8",
}

// Asset serves GET /docs/ui/{file}; a request naming the current digest
// may be cached for a year.
func (h *Handler) Asset(c *gin.Context) {
	name := c.Param("file")
	digest, ok := h.ui.digests[name]
	kind, served := assetTypes[path.Ext(name)]
	if !ok || !served {
		h.pages.Error(c, http.StatusNotFound, "Not found", "No such file of the reference.")
		return
	}
	body, err := uiFiles.ReadFile("ui/" + name)
	if err != nil {
		h.pages.Error(c, http.StatusNotFound, "Not found", "No such file of the reference.")
		return
	}
	if c.Query("v") == digest {
		c.Header("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		c.Header("Cache-Control", "no-cache")
	}
	c.Header("ETag", `"`+digest+`"`)
	c.Data(http.StatusOK, kind, body)
}
