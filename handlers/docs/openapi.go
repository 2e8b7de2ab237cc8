package docs

import (
	"bytes"
	"embed"
	"net/http"

	"github.com/gin-gonic/gin"

	"openbank/handlers/fault"
)

//go:embed openapi/*.yaml
var openapiFiles embed.FS

// GatewayOpenAPI is the name of the gateway 1.1.0 OpenAPI document.
const GatewayOpenAPI = "gateway-v1.1.0.yaml"

// Aggregation documents: 3.11.0 behaves as 3.12.0 (see docs/decisions.md),
// so its document is derived from 3.12.0 rather than kept as a copy.
const (
	AggregationOpenAPI     = "aggregation-v3.12.0.yaml"
	AggregationOpenAPIPrev = "aggregation-v3.11.0.yaml"
)

// derived lists the documents made from another one by replacing the
// version in info and in the server URL.
var derived = map[string]struct{ base, from, to string }{
	AggregationOpenAPIPrev: {AggregationOpenAPI, "3.12.0", "3.11.0"},
}

// OpenAPIDocument returns the embedded OpenAPI document called name.
func OpenAPIDocument(name string) ([]byte, error) {
	d, ok := derived[name]
	if !ok {
		return openapiFiles.ReadFile("openapi/" + name)
	}
	body, err := openapiFiles.ReadFile("openapi/" + d.base)
	if err != nil {
		return nil, err
	}
	body = bytes.Replace(body, []byte("  version: "+d.from+"\n"), []byte("  version: "+d.to+"\n"), 1)
	return bytes.ReplaceAll(body, []byte("/aggregation/v"+d.from), []byte("/aggregation/v"+d.to)), nil
}

// OpenAPI serves GET /openapi/{file}: one embedded OpenAPI document.
func (h *Handler) OpenAPI(c *gin.Context) {
	body, err := OpenAPIDocument(c.Param("file"))
	if err != nil {
		fault.Abort(c, fault.New(http.StatusNotFound, fault.CodeNotFound, "document not found",
			"no OpenAPI document is called "+c.Param("file")))
		return
	}
	c.Header("Cache-Control", "public, max-age=300")
	c.Data(http.StatusOK, "application/yaml; charset=utf-8", body)
}
