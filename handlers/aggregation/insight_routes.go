package aggregation

import "github.com/gin-gonic/gin"

// MountInsight adds the categorisation operations of the insight product
// to r, a group of one release level whose middleware has authenticated a
// client granted insight and tracked the call (Track). Learning replays
// its first answer (Idempotent); enrichment stores nothing, so a repeated
// call simply categorises again.
func (h *Handler) MountInsight(r gin.IRouter) {
	r.POST("/categories/learn", h.Idempotent, h.LearnCategories)
	r.POST("/enrich", h.Enrich)
}
