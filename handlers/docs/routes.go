package docs

import "github.com/gin-gonic/gin"

// Mount adds the landing page, the developer pages and the OpenAPI
// documents to r.
func (h *Handler) Mount(r gin.IRouter) {
	r.GET("/", h.Home)
	r.GET("/openapi/:file", h.OpenAPI)
	r.GET("/docs", h.Docs)
	r.GET("/docs/callback", h.Callback)
	r.GET("/docs/reference/:document", h.Reference)
	r.GET("/docs/ui/:file", h.Asset)
	r.GET("/docs/sdk/:file", h.SDK)
}
