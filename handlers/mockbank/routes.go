package mockbank

import "github.com/gin-gonic/gin"

// Mount adds the mock banks' sign-in pages, and the return address of
// banks with their own, to r, the /mockbank group whose
// middleware guards the forms against cross-site posts.
func (h *Handler) Mount(r gin.IRouter) {
	r.GET("/:bank/sca", h.SCA)
	r.POST("/:bank/sca", h.SubmitSCA)
	r.GET("/:bank/return", h.Return)
}
