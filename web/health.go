package web

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"openbank/handlers/fault"
	"openbank/store"
)

// healthz answers while the process is alive.
func (s *Server) healthz(c *gin.Context) {
	c.JSON(http.StatusOK, gin.H{"status": "ok"})
}

// readyz answers 200 while the database answers, 503 otherwise and from the
// moment the server is asked to stop, so that load balancers move away
// while it still serves.
func (s *Server) readyz(c *gin.Context) {
	c.Header("Cache-Control", "no-store")
	if s.draining.Load() {
		c.JSON(http.StatusServiceUnavailable, gin.H{"status": "stopping", "checks": gin.H{"database": "not checked"}})
		return
	}
	ctx, cancel := context.WithTimeout(c.Request.Context(), 2*time.Second)
	defer cancel()
	if err := s.store.Ping(ctx); err != nil {
		c.JSON(http.StatusServiceUnavailable, gin.H{"status": "unavailable", "checks": gin.H{"database": "unreachable"}})
		return
	}
	c.JSON(http.StatusOK, gin.H{"status": "ok", "checks": gin.H{"database": "ok"}})
}

// closeWhenDraining asks clients to close their connection after each
// answer while the server drains, so that no request is sent on a kept-alive
// connection as the server closes it.
func (s *Server) closeWhenDraining(c *gin.Context) {
	if s.draining.Load() {
		c.Header("Connection", "close")
	}
	c.Next()
}

// databaseGate answers 503 at once while the database is known to be down
// (from a failed connection attempt until the next one is due), so that an
// outage costs neither a connection attempt nor a failure page per request.
// Liveness, readiness and static assets pass.
func (s *Server) databaseGate(c *gin.Context) {
	p := c.Request.URL.Path
	if s.store.Available() || p == "/healthz" || p == "/readyz" || strings.HasPrefix(p, "/static/") {
		c.Next()
		return
	}
	s.fail(c, fault.Unavailable(store.ErrUnavailable))
}
