// Package aggregation is the generated Go client of Openbank's aggregation API, release
// level 3.12.0, made by oapi-codegen from openapi/aggregation-v3.12.0.yaml. Give
// NewClientWithResponses the WithHTTPClient option with an *http.Client from
// openbank/sdk/go/client, so that calls carry a token and an X-Request-Id
// and are retried; read a failed answer with client.Check.
//
//go:generate go tool oapi-codegen -config oapi-codegen.yaml -o client.gen.go ../../openapi/aggregation-v3.12.0.yaml
package aggregation
