package docs

import (
	"embed"
	"net/http"

	"github.com/gin-gonic/gin"

	"openbank/handlers/fault"
)

//go:embed openapi/*.yaml
var openapiFiles embed.FS

// GatewayOpenAPI is the name of the gateway 1.1.0 OpenAPI document.
const GatewayOpenAPI = "gateway-v1.1.0.yaml"

// OpenAPIDocument returns the embedded OpenAPI document called name.
func OpenAPIDocument(name string) ([]byte, error) {
	return openapiFiles.ReadFile("openapi/" + name)
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
