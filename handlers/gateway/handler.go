package gateway

import (
	"github.com/gin-gonic/gin"

	"openbank/gateway"
	"openbank/handlers/caller"
	"openbank/handlers/fault"
	"openbank/store"
)

// Handler serves the gateway operations: it parses, calls the service and
// renders.
type Handler struct {
	Service *gateway.Service
}

// New builds the gateway handler over the service.
func New(svc *gateway.Service) *Handler { return &Handler{Service: svc} }

// viewer is the authenticated caller; without one the request is refused.
func viewer(c *gin.Context) (store.Viewer, bool) {
	p, ok := caller.Of(c)
	if !ok {
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
