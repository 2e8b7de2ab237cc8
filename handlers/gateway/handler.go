package gateway

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/jmoiron/sqlx"

	"openbank/gateway"
	"openbank/handlers/fault"
	"openbank/oauth"
	"openbank/store"
)

// Handler serves the gateway operations.
type Handler struct {
	Store  *sqlx.DB
	Clock  func() time.Time
	Limits gateway.Limits
}

// New builds the gateway handler.
func New(db *sqlx.DB, clock func() time.Time, limits gateway.Limits) *Handler {
	return &Handler{Store: db, Clock: clock, Limits: limits}
}

// viewer is the authenticated caller; without one the request is refused.
func viewer(c *gin.Context) (store.Viewer, bool) {
	p, ok := oauth.FromContext(c.Request.Context())
	if !ok || p.Subject == "" {
		c.Header("WWW-Authenticate", `Bearer realm="openbank"`)
		fault.Abort(c, fault.New(http.StatusUnauthorized, fault.CodeUnauthorized, "unauthorized",
			"an access token from /oauth2/token is required in the Authorization: Bearer header"))
		return store.Viewer{}, false
	}
	return gateway.ViewerOf(p), true
}

// showcaseParam is the showcase name of the path; a name that could not
// exist answers 404 at once.
func showcaseParam(c *gin.Context, param string) (string, bool) {
	name := c.Param(param)
	if !gateway.ValidName(name) {
		fault.Abort(c, fault.NotFound("showcase"))
		return "", false
	}
	return name, true
}

// visibleShowcase reads the showcase and checks that v may do a to it.
func (h *Handler) visibleShowcase(c *gin.Context, v store.Viewer, name string, a gateway.Action) (store.Showcase, bool) {
	s, err := store.GetShowcase(c.Request.Context(), h.Store, name, v)
	if err == nil {
		err = gateway.Authorize(v, s, a)
	}
	if err != nil {
		fail(c, err, "showcase")
		return store.Showcase{}, false
	}
	return s, true
}
