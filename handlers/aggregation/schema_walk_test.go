package aggregation_test

import (
	"slices"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"

	"openbank/handlers/docs/contract"
)

// names reports whether a check's error names the property, as either of
// kin-openapi's validators quotes it.
func names(err error, property string) bool {
	return strings.Contains(err.Error(), `'`+property+`'`) || strings.Contains(err.Error(), `"`+property+`"`)
}

// objectSchema is a schema with properties and where it was found.
type objectSchema struct {
	path   string
	schema *openapi3.Schema
}

// objectSchemas lists, once each, the schemas with properties under the
// named component schemas: through properties, items, maps and
// alternatives.
func objectSchemas(c *contract.Contract, names ...string) []objectSchema {
	var out []objectSchema
	seen := map[*openapi3.Schema]bool{}
	var walk func(path string, s *openapi3.Schema)
	walk = func(path string, s *openapi3.Schema) {
		if s == nil || seen[s] {
			return
		}
		seen[s] = true
		if len(s.Properties) > 0 {
			out = append(out, objectSchema{path, s})
		}
		for _, name := range sortedKeys(s.Properties) {
			walk(path+"."+name, s.Properties[name].Value)
		}
		if s.Items != nil {
			walk(path+"[]", s.Items.Value)
		}
		if s.AdditionalProperties.Schema != nil {
			walk(path+"{}", s.AdditionalProperties.Schema.Value)
		}
		for _, alt := range append(append(append(openapi3.SchemaRefs{}, s.OneOf...), s.AnyOf...), s.AllOf...) {
			walk(path, alt.Value)
		}
	}
	for _, name := range names {
		walk(name, c.Schema(name))
	}
	return out
}

func sortedKeys(m openapi3.Schemas) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// without is list without name, in a new slice.
func without(list []string, name string) []string {
	out := make([]string, 0, len(list))
	for _, s := range list {
		if s != name {
			out = append(out, s)
		}
	}
	return out
}
