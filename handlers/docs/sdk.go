package docs

import (
	"embed"
	"io/fs"
	"net/http"

	"github.com/gin-gonic/gin"
)

// The Go client libraries, one zip per API release level, made from
// sdk/go by its release test (see docs/sdk.md).
//
//go:embed sdk
var sdkFiles embed.FS

// libraries are the embedded zips.
type libraries struct{ files fs.FS }

func (l libraries) has(name string) bool {
	_, err := fs.Stat(l.files, "sdk/"+name)
	return err == nil
}

// SDK serves GET /docs/sdk/{file}: the zip of one Go client library.
func (h *Handler) SDK(c *gin.Context) {
	name := c.Param("file")
	body, err := fs.ReadFile(h.sdk.files, "sdk/"+name)
	if err != nil {
		h.pages.Error(c, http.StatusNotFound, "No such library",
			"The developer page links the Go client library of every API.")
		return
	}
	c.Header("Content-Disposition", `attachment; filename="`+name+`"`)
	c.Header("Cache-Control", "public, max-age=300")
	c.Data(http.StatusOK, "application/zip", body)
}
