package main

import (
	"context"

	aggregation "openbank/sdk/go/aggregation/v3.12.0"
	"openbank/sdk/go/client"
	"openbank/sdk/go/examples/internal/env"
)

// connectBank connects the embedded mock bank; its first fetch ends with
// a success callback.
func connectBank(ctx context.Context) error {
	api, err := aggregation.NewClientWithResponses(client.APIURL(env.Base(), "/aggregation/v3.12.0"),
		aggregation.WithHTTPClient(env.HTTPClient(ctx)))
	if err != nil {
		return err
	}
	password := "secret"
	body := aggregation.CreateConnectionJSONRequestBody{Provider: "embedded-scenario",
		Credentials: &aggregation.Credentials{Username: "user", Password: &password}}
	if err := body.SubjectId.FromCreateConnectionSubjectId1("callback-subject"); err != nil {
		return err
	}
	res, err := api.CreateConnectionWithResponse(ctx, &aggregation.CreateConnectionParams{}, body)
	if err != nil {
		return err
	}
	return client.Check(res.HTTPResponse, res.Body)
}
