package gateway

import "github.com/gin-gonic/gin"

// Mount adds the gateway's operations to r, the group of /gateway/v1.1.0
// whose middleware has put the authenticated caller in the request context.
func (h *Handler) Mount(r gin.IRouter) {
	r.GET("/showcases", h.ListShowcases)
	r.POST("/showcases", h.CreateShowcase)
	r.POST("/showcases/search", h.SearchShowcases)
	r.GET("/showcases/:name", h.GetShowcase)
	r.PATCH("/showcases/:name", h.PatchShowcase)
	r.DELETE("/showcases/:name", h.DeleteShowcase)
	r.GET("/showcases/:name/reminders", h.ListReminders)
	r.POST("/showcases/:name/reminders", h.CreateReminder)
	r.POST("/showcases/:name/reminders/search", h.SearchReminders)
	r.GET("/showcases/:name/reminders/:identifier", h.GetReminder)
	r.PATCH("/showcases/:name/reminders/:identifier", h.PatchReminder)
	r.DELETE("/showcases/:name/reminders/:identifier", h.DeleteReminder)
	r.GET("/consents", h.ListConsents)
	r.POST("/consents", h.CreateConsent)
	r.GET("/consents/:identifier/:showcase", h.GetConsent)
	r.DELETE("/consents/:identifier/:showcase", h.DeleteConsent)
	r.GET("/reminder-texts", h.ReminderTexts)
}
