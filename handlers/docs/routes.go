package docs

import "github.com/gin-gonic/gin"

// Mount adds the landing page and the OpenAPI documents to r.
func (h *Handler) Mount(r gin.IRouter) {
	r.GET("/", h.Home)
	r.GET("/openapi/:file", h.OpenAPI)
}
