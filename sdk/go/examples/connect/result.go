package main

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	aggregation "openbank/sdk/go/aggregation/v3.12.0"
	"openbank/sdk/go/client"
)

// readAnalytics asks for a subject's analytics as a signed link (Prefer:
// respond-async), takes the link apart with client.ParseResultLink and
// reads it with the generated GetResult until the result is ready.
func readAnalytics(ctx context.Context, api *aggregation.ClientWithResponses, subject string) (aggregation.Analytics, error) {
	var a aggregation.Analytics
	res, err := api.GetAnalyticsWithResponse(ctx, subject, &aggregation.GetAnalyticsParams{Prefer: ptr("respond-async")})
	if err != nil {
		return a, err
	}
	if err := client.Check(res.HTTPResponse, res.Body); err != nil {
		return a, err
	}
	if res.JSON202 == nil {
		return a, fmt.Errorf("analytics: %d, not a link", res.StatusCode())
	}
	link, err := client.ParseResultLink(res.JSON202.OutputUri)
	if err != nil {
		return a, err
	}
	for {
		r, err := api.GetResultWithResponse(ctx, link.ResultID, &aggregation.GetResultParams{Expires: link.Expires, Sig: link.Sig})
		if err != nil {
			return a, err
		}
		if err := client.Check(r.HTTPResponse, r.Body); err != nil {
			return a, err
		}
		if r.JSON200 != nil {
			return a, json.Unmarshal(r.Body, &a)
		}
		select { // 202: still being built
		case <-ctx.Done():
			return a, ctx.Err()
		case <-time.After(time.Second):
		}
	}
}
