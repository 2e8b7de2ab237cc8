package contract

import (
	"context"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/gin-gonic/gin"

	"openbank/aggregation"
	aggapi "openbank/handlers/aggregation"
	"openbank/handlers/docs"
	gwapi "openbank/handlers/gateway"
	"openbank/handlers/page"
	"openbank/handlers/results"
	"openbank/handlers/widget"
)

// serverRoutes mounts the API handlers as the server does and returns
// "METHOD /path/{param}" for every route under base.
func serverRoutes(base string) map[string]bool {
	gin.SetMode(gin.TestMode)
	e := gin.New()
	gwapi.New(nil).Mount(e.Group("/gateway/v1.1.0"))
	agg := aggapi.New(&aggregation.Service{})
	for _, v := range aggapi.Versions {
		g := e.Group("/aggregation/" + v)
		agg.Mount(g)
		agg.MountUploads(g)
		agg.MountInsight(g)
		widget.New(nil, nil, page.Renderer{}, nil, false).MountAPI(g, agg.Idempotent)
		(&aggapi.Subjects{}).Mount(g)
		(&results.Handler{}).Mount(g)
	}
	routes := map[string]bool{}
	for _, r := range e.Routes() {
		if path, ok := strings.CutPrefix(r.Path, base); ok {
			routes[r.Method+" "+openapiPath(path)] = true
		}
	}
	return routes
}

// openapiPath turns /a/:id into /a/{id}.
func openapiPath(path string) string {
	segments := strings.Split(path, "/")
	for i, s := range segments {
		if name, ok := strings.CutPrefix(s, ":"); ok {
			segments[i] = "{" + name + "}"
		}
	}
	return strings.Join(segments, "/")
}

// TestDocumentsAreComplete checks that each document has every operation
// the server routes under its base path, and nothing the server lacks.
func TestDocumentsAreComplete(t *testing.T) {
	for _, name := range docs.Documents {
		t.Run(name, func(t *testing.T) {
			doc := loadDocument(t, name)
			base := doc.Servers[0].URL
			routes := serverRoutes(base)
			documented := map[string]bool{}
			for path, item := range doc.Paths.Map() {
				for method := range item.Operations() {
					documented[method+" "+path] = true
				}
			}
			for r := range routes {
				if !documented[sameParams(r, documented)] {
					method, path, _ := strings.Cut(r, " ")
					t.Errorf("%s %s%s is served but not documented", method, base, path)
				}
			}
			if len(documented) != len(routes) {
				t.Errorf("%d operations documented, %d served", len(documented), len(routes))
			}
		})
	}
}

// sameParams finds the documented operation that differs from route only
// in the names of its path parameters (gin names them per router node).
func sameParams(route string, documented map[string]bool) string {
	shape := func(s string) string {
		parts := strings.Split(s, "/")
		for i, p := range parts {
			if strings.HasPrefix(p, "{") {
				parts[i] = "{}"
			}
		}
		return strings.Join(parts, "/")
	}
	for d := range documented {
		if shape(d) == shape(route) {
			return d
		}
	}
	return route
}

func loadDocument(t *testing.T, name string) *openapi3.T {
	t.Helper()
	raw, err := docs.OpenAPIDocument(name)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := openapi3.NewLoader().LoadFromData(raw)
	if err != nil {
		t.Fatal(err)
	}
	if err := doc.Validate(context.Background()); err != nil {
		t.Fatal(err)
	}
	return doc
}
