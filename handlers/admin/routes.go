package admin

import "github.com/gin-gonic/gin"

// Mount adds the console to r (the /admin group). forms is the one CSRF
// guard; every page but the sign-in's two steps needs a live session.
func (h *Handler) Mount(r *gin.RouterGroup, forms gin.HandlerFunc) {
	r.GET("/login", h.Login)
	r.GET("/callback", h.Callback)
	r.POST("/logout", forms, h.Logout)
	r.GET("/signed-out", h.SignedOut)

	in := r.Group("", forms, h.RequireAdmin)
	in.GET("/", h.Dashboard)
	in.GET("/audit", h.Audit)
	in.GET("/failures", h.FailureList)

	in.GET("/showcases", h.ShowcaseList)
	in.POST("/showcases", h.ShowcaseCreate)
	in.GET("/showcases/new", h.ShowcaseNew)
	in.GET("/showcases/:name", h.Showcase)
	in.POST("/showcases/:name", h.ShowcasePatch)
	in.POST("/showcases/:name/delete", h.ShowcaseDelete)
	in.POST("/showcases/:name/consents", h.ConsentGrant)
	in.POST("/showcases/:name/consents/:id/delete", h.ConsentRevoke)
	in.GET("/showcases/:name/reminders", h.ReminderList)
	in.POST("/showcases/:name/reminders", h.ReminderCreate)
	in.GET("/showcases/:name/reminders/:id", h.Reminder)
	in.POST("/showcases/:name/reminders/:id", h.ReminderPatch)
	in.POST("/showcases/:name/reminders/:id/delete", h.ReminderDelete)
	in.GET("/consents", h.ConsentList)
	in.GET("/reminder-texts", h.Texts)
	in.POST("/reminder-texts", h.TextAdd)
	in.POST("/reminder-texts/:idx", h.TextChange)

	in.GET("/clients", h.ClientList)
	in.POST("/clients", h.ClientCreate)
	in.GET("/clients/new", h.ClientNew)
	in.GET("/clients/:id", h.Client)
	in.POST("/clients/:id", h.ClientUpdate)
	in.POST("/clients/:id/rotate", h.ClientRotate)
	in.POST("/clients/:id/callback-security", h.ClientCallbackSecurity)
	in.POST("/clients/:id/auth-profile", h.ClientAuthProfile)
	in.POST("/clients/:id/delete", h.ClientDelete)

	in.GET("/developers", h.Developers)
	in.POST("/developers/:id/approve", h.DeveloperApprove)
	in.POST("/developers/reset-link", h.DeveloperResetLink)
	in.POST("/production-requests/:id", h.ProductionDecide)

	in.GET("/users", h.UserList)
	in.POST("/users", h.UserCreate)
	in.POST("/users/:name/password", h.UserPassword)
	in.POST("/users/:name/admin", h.UserAdmin)
	in.POST("/users/:name/delete", h.UserDelete)
	in.POST("/families/:id/revoke", h.FamilyRevoke)

	in.GET("/aggregation", h.ConnectionList)
	in.GET("/aggregation/:client/connections/:id", h.Connection)
	in.POST("/aggregation/:client/connections/:id/refetch", h.ConnectionRefetch)
	in.POST("/aggregation/:client/connections/:id/delete", h.ConnectionDelete)
	in.POST("/aggregation/:client/connections/:id/callbacks/:callback/replay", h.CallbackReplay)
	in.GET("/aggregation/:client/accounts/:id", h.TransactionList)
	in.GET("/aggregation/:client/widgets", h.WidgetList)
	in.GET("/aggregation/:client/subjects/:subject", h.Subject)
	in.POST("/aggregation/:client/subjects/:subject/reports", h.ReportRequest)
	in.GET("/aggregation/:client/subjects/:subject/reports/:id", h.Report)
}
