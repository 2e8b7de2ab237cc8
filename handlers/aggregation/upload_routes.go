package aggregation

import "github.com/gin-gonic/gin"

// MountUploads adds POST /uploads to r, the group of one release level
// whose middleware has authenticated a client with the upload product and
// tracked the call (Track); the answer is replayed on a retry (Idempotent).
func (h *Handler) MountUploads(r gin.IRouter) {
	r.POST("/uploads", h.Idempotent, h.CreateUpload)
}
