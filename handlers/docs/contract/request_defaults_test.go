package contract

import (
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"openbank/handlers/docs"
)

// TestRequestBodiesHaveNoDefaults checks that no property of a request body
// has a default: code generators such as openapi-typescript make a property
// with a default required, so a body that leaves it out would not type-check.
// The default is stated in the property's description instead.
func TestRequestBodiesHaveNoDefaults(t *testing.T) {
	for _, name := range docs.Documents {
		t.Run(name, func(t *testing.T) {
			doc := loadDocument(t, name)
			for path, item := range doc.Paths.Map() {
				for method, op := range item.Operations() {
					if op.RequestBody == nil || op.RequestBody.Value == nil {
						continue
					}
					for kind, media := range op.RequestBody.Value.Content {
						where := method + " " + path + " " + kind
						for _, p := range defaultsIn(media.Schema, "body", map[*openapi3.Schema]bool{}) {
							t.Errorf("%s: %s has a default; say it in its description", where, p)
						}
					}
				}
			}
		})
	}
}

// defaultsIn returns where, under ref, a schema carries a default; seen
// stops at schemas already walked (a schema may refer to itself).
func defaultsIn(ref *openapi3.SchemaRef, at string, seen map[*openapi3.Schema]bool) []string {
	if ref == nil || ref.Value == nil || seen[ref.Value] {
		return nil
	}
	s := ref.Value
	seen[s] = true
	var found []string
	if s.Default != nil {
		found = append(found, at)
	}
	for name, p := range s.Properties {
		found = append(found, defaultsIn(p, at+"."+name, seen)...)
	}
	found = append(found, defaultsIn(s.Items, at+"[]", seen)...)
	found = append(found, defaultsIn(s.AdditionalProperties.Schema, at+"{}", seen)...)
	for _, list := range []openapi3.SchemaRefs{s.OneOf, s.AnyOf, s.AllOf} {
		for _, alt := range list {
			found = append(found, defaultsIn(alt, at, seen)...)
		}
	}
	return found
}
