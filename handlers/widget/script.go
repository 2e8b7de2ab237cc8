package widget

import (
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"net/http"

	"github.com/gin-gonic/gin"
)

// progressScript is the progress page's polling script; pages work without it.
//
//go:embed assets/progress.js
var progressScript []byte

// scriptPath is the script's address, named by its digest so browsers may
// keep it for a year.
var scriptPath = func() string {
	sum := sha256.Sum256(progressScript)
	return "/widget/progress.js?v=" + hex.EncodeToString(sum[:8])
}()

// Script serves the progress page's script: GET /widget/progress.js.
func (h *Handler) Script(c *gin.Context) {
	c.Header("Cache-Control", "public, max-age=31536000, immutable")
	c.Data(http.StatusOK, "text/javascript; charset=utf-8", progressScript)
}
