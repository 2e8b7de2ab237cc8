// Command widget creates a bank-connect widget link for a subject: send
// the subject's browser to the printed URL; at the end it returns to
// OPENBANK_URL with the connection's id and status.
package main

import (
	"context"
	"fmt"
	"io"
	"log"
	"os"
	"time"

	aggregation "openbank/sdk/go/aggregation/v3.12.0"
	"openbank/sdk/go/client"
	"openbank/sdk/go/examples/internal/env"
)

func main() {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := run(ctx, os.Stdout); err != nil {
		log.Fatal(err)
	}
}

func run(ctx context.Context, out io.Writer) error {
	api, err := aggregation.NewClientWithResponses(client.APIURL(env.Base(), "/aggregation/v3.12.0"),
		aggregation.WithHTTPClient(env.HTTPClient(ctx)))
	if err != nil {
		return err
	}
	returnConnection := true
	body := aggregation.WidgetConnectJSONRequestBody{CountryCodes: []string{"XF"}, ReturnTo: env.Base() + "/",
		ReturnConnectionId: &returnConnection}
	if err := body.SubjectId.FromWidgetConnectJSONBodySubjectId1("example-subject"); err != nil {
		return err
	}
	res, err := api.WidgetConnectWithResponse(ctx, &aggregation.WidgetConnectParams{}, body)
	if err != nil {
		return err
	}
	if err := client.Check(res.HTTPResponse, res.Body); err != nil {
		return err
	}
	fmt.Fprintf(out, "widget %d: send the subject to %s (valid until %s)\n", res.JSON201.WidgetId, res.JSON201.Url,
		res.JSON201.ExpiredAt.Format(time.RFC3339))
	return nil
}
