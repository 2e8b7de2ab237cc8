package contract

import (
	"slices"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"openbank/handlers/docs"
)

// TestObjectsAreTyped checks that every object a document describes, in
// its components and in its operations' bodies, lists its properties or is
// a map whose values have a schema: no object is a bag a generated client
// can only read as map[string]any. In the aggregation documents an object
// with properties also allows no other (additionalProperties false), so an
// answer with a field the document does not declare breaks the contract.
func TestObjectsAreTyped(t *testing.T) {
	closedIn := map[string]bool{docs.AggregationOpenAPI: true, docs.AggregationOpenAPIPrev: true}
	for _, name := range docs.Documents {
		t.Run(name, func(t *testing.T) {
			doc := loadDocument(t, name)
			for path, s := range documentSchemas(doc) {
				if !isObject(s) {
					continue
				}
				mapOf := s.AdditionalProperties.Schema != nil && len(s.Properties) == 0
				closed := s.AdditionalProperties.Has != nil && !*s.AdditionalProperties.Has
				switch {
				case len(s.Properties) == 0 && !mapOf && len(s.AllOf) == 0:
					t.Errorf("%s: an object without properties must be a map of a schema", path)
				case len(s.Properties) > 0 && closedIn[name] && !closed:
					t.Errorf("%s: an object must allow no property it does not list (additionalProperties: false)", path)
				}
			}
		})
	}
}

// isObject reports whether a schema describes a JSON object.
func isObject(s *openapi3.Schema) bool {
	return s.Type.Is("object") || len(s.Properties) > 0 || s.AdditionalProperties.Has != nil || s.AdditionalProperties.Schema != nil
}

// documentSchemas finds every schema of a document by a path naming it:
// the components' and those of each operation's parameters, request body
// and responses, and every schema under them.
func documentSchemas(doc *openapi3.T) map[string]*openapi3.Schema {
	out := map[string]*openapi3.Schema{}
	var walk func(path string, ref *openapi3.SchemaRef)
	walk = func(path string, ref *openapi3.SchemaRef) {
		if ref == nil || ref.Value == nil {
			return
		}
		if ref.Ref != "" && path != ref.Ref {
			walk(ref.Ref, &openapi3.SchemaRef{Value: ref.Value})
			return
		}
		if _, seen := out[path]; seen {
			return
		}
		s := ref.Value
		out[path] = s
		for name, p := range s.Properties {
			walk(path+"."+name, p)
		}
		walk(path+"[]", s.Items)
		walk(path+"{}", s.AdditionalProperties.Schema)
		for i, alt := range slices.Concat(s.OneOf, s.AnyOf, s.AllOf) {
			walk(path+"|"+string(rune('0'+i)), alt)
		}
	}
	for name, s := range doc.Components.Schemas {
		walk("#/components/schemas/"+name, s)
	}
	for name, r := range doc.Components.Responses {
		for media, c := range r.Value.Content {
			walk("#/components/responses/"+name+" "+media, c.Schema)
		}
	}
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			at := method + " " + path
			if op.RequestBody != nil {
				for media, c := range op.RequestBody.Value.Content {
					walk(at+" body "+media, c.Schema)
				}
			}
			for status, r := range op.Responses.Map() {
				for media, c := range r.Value.Content {
					walk(at+" "+status+" "+media, c.Schema)
				}
			}
		}
	}
	return out
}
