package widget

import "github.com/gin-gonic/gin"

// MountAPI adds the client's JSON calls to r, the group of one aggregation
// release level whose middleware has authenticated the caller and tracked
// the call; idempotent makes connect and reconnect safe to retry.
func (h *Handler) MountAPI(r gin.IRouter, idempotent gin.HandlerFunc) {
	r.POST("/widget/connect", idempotent, h.Connect)
	r.POST("/widget/reconnect", idempotent, h.Reconnect)
	r.GET("/widget/statistics", h.Statistics)
}

// MountPages adds the subject's pages to r, the /widget group. Opening a
// link starts a visit; the other pages require it (Visit), then forms
// guards their posts.
func (h *Handler) MountPages(r gin.IRouter, forms gin.HandlerFunc) {
	r.GET("/w/:id", h.Open)
	r.GET("/progress.js", h.Script)
	r.GET("/privacy", h.Privacy)
	// The bank page has no form that posts (its search is a GET), and the
	// guard refuses only unsafe requests: it would only hand out a token
	// that the consent page, the first with a form, hands out itself.
	r.GET("/w/:id/banks", h.Visit, h.Banks)
	visit := r.Group("/w/:id", h.Visit, forms)
	visit.GET("/consent", h.Consent)
	visit.POST("/consent", h.Agree)
	visit.GET("/login", h.Login)
	visit.POST("/login", h.SubmitLogin)
	visit.POST("/cancel", h.Cancel)
	visit.GET("/return", h.Return)
	visit.GET("/progress", h.Progress)
	visit.GET("/status", h.Status)
	visit.GET("/done", h.Done)
}
