package web

import (
	"net/http"
	"net/http/pprof"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"openbank/handlers/fault"
)

// benchBarePath is the bench's route served without the middleware.
const benchBarePath = "/bench/ref/bare"

// benchRoutes are the reference routes `make bench` compares every
// operation with: a bare route, a one-row primary-key SELECT and a one-row
// INSERT, behind the same middleware as the real routes, and the bare route
// behind bearer authentication; besides them, at benchBarePath, a route of
// an engine without any middleware, the measure of what the middleware
// costs. They are only registered when BENCH_ROUTES=true, on a database
// prepared by the bench.
func (s *Server) benchRoutes() {
	g := s.engine.Group("/bench/ref")
	noop := func(c *gin.Context) { c.JSON(http.StatusOK, gin.H{"ok": true}) }
	g.GET("/noop", noop)
	g.GET("/noop-auth", s.authenticated(""), noop)
	s.bare = gin.New()
	s.bare.GET(benchBarePath, noop)
	// The Go profiler, to see where the time of a measured operation goes.
	s.engine.GET("/bench/pprof/*name", gin.WrapF(func(w http.ResponseWriter, r *http.Request) {
		switch name := strings.TrimPrefix(r.URL.Path, "/bench/pprof/"); name {
		case "profile":
			pprof.Profile(w, r)
		default:
			pprof.Handler(name).ServeHTTP(w, r)
		}
	}))
	g.GET("/select/:id", func(c *gin.Context) {
		id, err := strconv.ParseInt(c.Param("id"), 10, 64)
		if err != nil {
			fault.Abort(c, fault.Validation("id", "must be an integer"))
			return
		}
		row, err := s.store.ReferenceRow(c.Request.Context(), id)
		if err != nil {
			fault.Abort(c, fault.NotFound("row"))
			return
		}
		c.JSON(http.StatusOK, row)
	})
	g.POST("/insert", func(c *gin.Context) {
		id, err := s.store.InsertReferenceRow(c.Request.Context(), "inserted")
		if err != nil {
			fault.Abort(c, err)
			return
		}
		c.JSON(http.StatusCreated, gin.H{"id": id})
	})
}
