package aggregation

import "github.com/gin-gonic/gin"

// Versions are the release levels served, both with the same behaviour.
var Versions = []string{"v3.12.0", "v3.11.0"}

// Mount adds the aggregation operations to r, the group of one release
// level whose middleware has authenticated the caller and tracked the call
// (Track). Mutating calls replay their first answer (Idempotent).
func (h *Handler) Mount(r gin.IRouter) {
	r.GET("/providers", h.Providers)
	r.POST("/connections", h.Idempotent, h.CreateConnection)
	r.GET("/connections", h.ListConnections)
	r.GET("/connections/:connectionId", h.GetConnection)
	r.DELETE("/connections/:connectionId", h.Idempotent, h.DeleteConnection)
	r.POST("/connections/:connectionId/refetch", h.Idempotent, h.Refetch)
	r.POST("/connections/:connectionId/sca", h.Idempotent, h.CompleteSCA)
	r.POST("/connections/:connectionId/reconnect", h.Idempotent, h.Reconnect)
	r.GET("/connections/:connectionId/consents", h.ListConsents)
	r.GET("/connections/:connectionId/consent", h.GetConsent)
	r.GET("/connections/:connectionId/fetches", h.ListFetches)
	r.GET("/accounts", h.ListAccounts)
	r.GET("/transactions", h.ListTransactions)
}
