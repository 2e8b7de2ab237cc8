// Package contract checks HTTP answers against Openbank's OpenAPI documents,
// so that the documents and the code cannot drift apart. Only tests import
// it: the OpenAPI validator stays out of the server binary.
package contract

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"

	"openbank/handlers/docs"
)

// Contract checks HTTP answers against one of the embedded OpenAPI
// documents, so that the documents and the code cannot drift apart.
type Contract struct {
	doc    *openapi3.T
	base   string
	routes []contractRoute
	// notAllowed answers, for every path, a method the path does not list:
	// its only response is the document's MethodNotAllowed (405); nil when
	// the document has none.
	notAllowed *openapi3.Operation
}

type contractRoute struct {
	pattern *regexp.Regexp
	path    string
	item    *openapi3.PathItem
	params  int // path parameters: a literal segment wins over a parameter
}

// pathPattern turns /a/{id}/b into ^/a/[^/]+/b$.
func pathPattern(path string) *regexp.Regexp {
	segments := strings.Split(path, "/")
	for i, s := range segments {
		if strings.HasPrefix(s, "{") {
			segments[i] = "[^/]+"
		} else {
			segments[i] = regexp.QuoteMeta(s)
		}
	}
	return regexp.MustCompile("^" + strings.Join(segments, "/") + "$")
}

// Load loads and validates the embedded document name.
func Load(name string) (*Contract, error) {
	raw, err := docs.OpenAPIDocument(name)
	if err != nil {
		return nil, err
	}
	doc, err := openapi3.NewLoader().LoadFromData(raw)
	if err != nil {
		return nil, fmt.Errorf("docs: %s: %w", name, err)
	}
	if err := doc.Validate(context.Background()); err != nil {
		return nil, fmt.Errorf("docs: %s is not a valid OpenAPI document: %w", name, err)
	}
	c := &Contract{doc: doc, base: doc.Servers[0].URL}
	if ref := doc.Components.Responses["MethodNotAllowed"]; ref != nil {
		c.notAllowed = &openapi3.Operation{Responses: openapi3.NewResponses(
			openapi3.WithStatus(http.StatusMethodNotAllowed, ref))}
	}
	for path, item := range doc.Paths.Map() {
		c.routes = append(c.routes, contractRoute{pattern: pathPattern(path), path: path, item: item,
			params: strings.Count(path, "{")})
	}
	return c, nil
}

// Schema returns the document's component schema called name, or nil. A
// test may alter it to see the checks fail.
func (c *Contract) Schema(name string) *openapi3.Schema {
	ref := c.doc.Components.Schemas[name]
	if ref == nil {
		return nil
	}
	return ref.Value
}

// Check validates one answer (status, headers, body) to req: the body and
// the declared headers against their schemas, and every header it carries
// beyond plain HTTP's against the response's declared ones. A 405 to a
// method a path does not list is checked against MethodNotAllowed.
func (c *Contract) Check(req *http.Request, status int, header http.Header, body []byte) error {
	path := strings.TrimPrefix(req.URL.Path, c.base)
	var route *routers.Route
	best := -1
	for _, r := range c.routes {
		if r.pattern.MatchString(path) && (best < 0 || r.params < best) {
			best = r.params
			route = &routers.Route{Spec: c.doc, Path: r.path, PathItem: r.item, Method: req.Method, Operation: r.item.GetOperation(req.Method)}
		}
	}
	if route != nil && route.Operation == nil && status == http.StatusMethodNotAllowed {
		route.Operation = c.notAllowed
	}
	if route == nil || route.Operation == nil {
		return fmt.Errorf("%s %s is not in the OpenAPI document", req.Method, req.URL.Path)
	}
	in := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{Request: req, Route: route},
		Status:                 status, Header: header,
		Options: &openapi3filter.Options{IncludeResponseStatus: true},
	}
	in.SetBodyBytes(body)
	if err := openapi3filter.ValidateResponse(context.Background(), in); err != nil {
		return fmt.Errorf("%s %s answered %d, which breaks the OpenAPI document: %w", req.Method, req.URL.Path, status, err)
	}
	if err := undeclared(response(route.Operation, status), header); err != nil {
		return fmt.Errorf("%s %s answered %d, which breaks the OpenAPI document: %w", req.Method, req.URL.Path, status, err)
	}
	return nil
}

// Transport wraps an http.RoundTripper and reports every answer under the
// document's base path that breaks it.
func (c *Contract) Transport(next http.RoundTripper, report func(error)) http.RoundTripper {
	return roundTripper(func(req *http.Request) (*http.Response, error) {
		resp, err := next.RoundTrip(req)
		if err != nil || !strings.HasPrefix(req.URL.Path, c.base+"/") {
			return resp, err
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			return nil, err
		}
		resp.Body = io.NopCloser(bytes.NewReader(body))
		if err := c.Check(req, resp.StatusCode, resp.Header, body); err != nil {
			report(err)
		}
		return resp, nil
	})
}

type roundTripper func(*http.Request) (*http.Response, error)

func (f roundTripper) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }
