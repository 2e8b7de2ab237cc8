package sandbox_test

import (
	"encoding/json"
	"errors"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/routers"
)

// ambiguous reports whether err says only that body matches several of
// a oneOf's alternatives while body matches one of them, besides the
// empty schema, that names a property it holds. The document's
// authorisation bodies list alternatives that overlap (an empty schema;
// answers that require scaStatus alone), so a correct body matches
// several: it is then checked against the alternative it is.
func ambiguous(err error, schema *openapi3.SchemaRef, body []byte) bool {
	var se *openapi3.SchemaError
	if !errors.As(err, &se) || se.SchemaField != "oneOf" || !strings.Contains(se.Reason, "more than one") {
		return false
	}
	if schema == nil || schema.Value == nil {
		return false
	}
	var v any
	if json.Unmarshal(body, &v) != nil {
		return false
	}
	fields, _ := v.(map[string]any)
	for _, alt := range schema.Value.OneOf {
		if alt.Value == nil || len(alt.Value.Properties) == 0 || alt.Value.VisitJSON(v) != nil {
			continue
		}
		for name := range fields {
			if _, ok := alt.Value.Properties[name]; ok {
				return true
			}
		}
	}
	return false
}

// named checks a request body against every oneOf alternative that names
// one of its properties: the document's empty alternative would let any
// body pass.
func named(schema *openapi3.SchemaRef, body []byte) error {
	if schema == nil || schema.Value == nil || len(schema.Value.OneOf) == 0 {
		return nil
	}
	var v any
	if err := json.Unmarshal(body, &v); err != nil {
		return err
	}
	fields, _ := v.(map[string]any)
	for _, alt := range schema.Value.OneOf {
		if alt.Value == nil {
			continue
		}
		for name := range fields {
			if _, ok := alt.Value.Properties[name]; ok {
				if err := alt.Value.VisitJSON(v); err != nil {
					return err
				}
				break
			}
		}
	}
	return nil
}

// requestSchema is the JSON body schema of a route's request.
func requestSchema(rt *routers.Route) *openapi3.SchemaRef {
	if rb := rt.Operation.RequestBody; rb != nil && rb.Value != nil {
		if mt := rb.Value.Content.Get("application/json"); mt != nil {
			return mt.Schema
		}
	}
	return nil
}

// responseSchema is the JSON body schema of a route's answer with status.
func responseSchema(rt *routers.Route, status int) *openapi3.SchemaRef {
	if resp := rt.Operation.Responses.Status(status); resp != nil && resp.Value != nil {
		if mt := resp.Value.Content.Get("application/json"); mt != nil {
			return mt.Schema
		}
	}
	return nil
}
