// Package docs serves what a client developer reads: the landing page, the
// developer page /docs with its quickstart, the OpenAPI documents under
// /openapi/ (YAML and JSON), the interactive reference of each API (Swagger
// UI, vendored and embedded), the page an authorization code lands on, and
// the Go client libraries as zips.
package docs
