package docs

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"
	"github.com/goccy/go-yaml"

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

// Documents names every served OpenAPI document in YAML; each is also
// served as JSON under the same name ending in .json.
var Documents = []string{GatewayOpenAPI, AggregationOpenAPI, AggregationOpenAPIPrev}

// derived lists the documents made from another one by replacing the
// version in info and in the server URL.
var derived = map[string]struct{ base, from, to string }{
	AggregationOpenAPIPrev: {AggregationOpenAPI, "3.12.0", "3.11.0"},
}

// OpenAPIDocument returns the embedded OpenAPI document called name, in
// YAML.
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

// OpenAPIJSON returns the document whose YAML is called name as indented
// JSON, keys in the order the YAML has them.
func OpenAPIJSON(name string) ([]byte, error) {
	body, err := OpenAPIDocument(name)
	if err != nil {
		return nil, err
	}
	compact, err := yaml.YAMLToJSON(body)
	if err != nil {
		return nil, fmt.Errorf("docs: %s: %w", name, err)
	}
	var out bytes.Buffer
	if err := json.Indent(&out, compact, "", "  "); err != nil {
		return nil, fmt.Errorf("docs: %s: %w", name, err)
	}
	out.WriteByte('\n')
	return out.Bytes(), nil
}

// documentName maps a requested file to a document name and its format:
// gateway-v1.1.0.json and gateway-1.1.0.yaml both name gateway-v1.1.0.
func documentName(file string) (name string, asJSON bool) {
	base, asJSON := strings.CutSuffix(file, ".json")
	if !asJSON {
		base = strings.TrimSuffix(strings.TrimSuffix(base, ".yaml"), ".yml")
	}
	if api, version, ok := strings.Cut(base, "-"); ok && !strings.HasPrefix(version, "v") {
		base = api + "-v" + version
	}
	return base + ".yaml", asJSON
}

// OpenAPI serves GET /openapi/{file}: one OpenAPI document as YAML or JSON.
func (h *Handler) OpenAPI(c *gin.Context) {
	name, asJSON := documentName(c.Param("file"))
	read, kind := OpenAPIDocument, "application/yaml; charset=utf-8"
	if asJSON {
		read, kind = OpenAPIJSON, "application/json; charset=utf-8"
	}
	body, err := read(name)
	if err != nil {
		fault.Abort(c, fault.New(http.StatusNotFound, fault.CodeNotFound, "document not found",
			"no OpenAPI document is called "+c.Param("file")))
		return
	}
	c.Header("Cache-Control", "public, max-age=300")
	c.Data(http.StatusOK, kind, body)
}
