// Command connect connects the Embedded Scenario mock bank without the
// widget, polls the connection until its first fetch has ended, pages
// through an account's transactions with lastTransactionId, and reads the
// subject's analytics through a signed link with GetResult.
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
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
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
	id, err := connect(ctx, api)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "connection %d: consent ok, fetch queued\n", id)
	if err := waitForFetch(ctx, api, id); err != nil {
		return err
	}
	accounts, err := api.ListAccountsWithResponse(ctx, &aggregation.ListAccountsParams{ConnectionId: id})
	if err != nil {
		return err
	}
	if err := client.Check(accounts.HTTPResponse, accounts.Body); err != nil {
		return err
	}
	for _, a := range accounts.JSON200.Accounts {
		n, err := pageTransactions(ctx, api, a.Id)
		if err != nil {
			return err
		}
		fmt.Fprintf(out, "account %d (%s): %d transactions, balance %s %s\n", a.Id, a.Name, n, a.Balance, a.Currency)
	}
	analytics, err := readAnalytics(ctx, api, subject)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "analytics of %s read through its link: %d accounts, data as of %s\n", subject,
		analytics.Accounts, analytics.DataAsOf.Format(time.RFC3339))
	return nil
}

// connect signs the test user in at the embedded mock bank.
func connect(ctx context.Context, api *aggregation.ClientWithResponses) (int, error) {
	body := aggregation.CreateConnectionJSONRequestBody{Provider: "embedded-scenario",
		Credentials: &aggregation.Credentials{Username: "user", Password: ptr("secret")}}
	if err := body.SubjectId.FromCreateConnectionSubjectId1(subject); err != nil {
		return 0, err
	}
	res, err := api.CreateConnectionWithResponse(ctx, &aggregation.CreateConnectionParams{}, body)
	if err != nil {
		return 0, err
	}
	if err := client.Check(res.HTTPResponse, res.Body); err != nil {
		return 0, err
	}
	if res.JSON201.LastConsentStatus != aggregation.ConnectionCreatedLastConsentStatusOk {
		return 0, fmt.Errorf("the consent is %s", res.JSON201.LastConsentStatus)
	}
	return res.JSON201.ConnectionId, nil
}

// subject is the example's subject, whose bank it connects.
const subject = "example-subject"

func ptr[T any](v T) *T { return &v }
