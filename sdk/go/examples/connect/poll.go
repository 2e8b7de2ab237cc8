package main

import (
	"context"
	"fmt"
	"time"

	aggregation "openbank/sdk/go/aggregation/v3.12.0"
	"openbank/sdk/go/client"
)

// waitForFetch polls the connection every second until its latest fetch
// has ended: lastFetchAt is set, and equals lastSuccessfulFetchAt when it
// succeeded.
func waitForFetch(ctx context.Context, api *aggregation.ClientWithResponses, id int) error {
	for {
		res, err := api.GetConnectionWithResponse(ctx, id, &aggregation.GetConnectionParams{})
		if err != nil {
			return err
		}
		if err := client.Check(res.HTTPResponse, res.Body); err != nil {
			return err
		}
		c := res.JSON200
		if c.LastFetchAt != nil {
			if c.LastSuccessfulFetchAt == nil || !c.LastSuccessfulFetchAt.Equal(*c.LastFetchAt) {
				return fmt.Errorf("connection %d: the fetch failed", id)
			}
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// pageTransactions reads an account's transactions 200 at a time, each
// page asking only for those after the last one it has.
func pageTransactions(ctx context.Context, api *aggregation.ClientWithResponses, account int) (int, error) {
	last, total := 0, 0
	for {
		res, err := api.ListTransactionsWithResponse(ctx, &aggregation.ListTransactionsParams{
			AccountId: account, LastTransactionId: &last, Limit: ptr(200)})
		if err != nil {
			return 0, err
		}
		if err := client.Check(res.HTTPResponse, res.Body); err != nil {
			return 0, err
		}
		total += len(res.JSON200.Transactions)
		last = res.JSON200.LastTransactionId
		if !res.JSON200.HasMore {
			return total, nil
		}
	}
}
