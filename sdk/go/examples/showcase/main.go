// Command showcase creates a showcase valid for 30 days through the
// gateway, then adds a reminder chosen from the reminder texts.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"time"

	"openbank/sdk/go/client"
	"openbank/sdk/go/examples/internal/env"
	gateway "openbank/sdk/go/gateway/v1.1.0"
)

func main() {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := run(ctx, os.Stdout); err != nil {
		log.Fatal(err)
	}
}

func run(ctx context.Context, out io.Writer) error {
	api, err := gateway.NewClientWithResponses(client.APIURL(env.Base(), "/gateway/v1.1.0"),
		gateway.WithHTTPClient(env.HTTPClient(ctx)))
	if err != nil {
		return err
	}
	created, err := api.CreateShowcaseWithResponse(ctx, gateway.CreateShowcase{ValidTo: time.Now().AddDate(0, 0, 30)})
	if err != nil {
		return err
	}
	if err := client.Check(created.HTTPResponse, created.Body); err != nil {
		return err
	}
	showcase := created.JSON201
	fmt.Fprintf(out, "showcase %s owned by %s, valid to %s\n", showcase.Name, value(showcase.Owner), showcase.ValidTo.Format(time.DateOnly))

	texts, err := api.ListReminderTextsWithResponse(ctx)
	if err != nil {
		return err
	}
	if err := client.Check(texts.HTTPResponse, texts.Body); err != nil {
		return err
	}
	if len(texts.JSON200.Content) == 0 {
		return errors.New("the reminder text catalogue is empty: add texts in the console")
	}
	text := texts.JSON200.Content[0]
	reminder, err := api.CreateReminderWithResponse(ctx, showcase.Name,
		gateway.CreateReminder{Relevance: 5, SelectableTextIdx: text.SelectableTextIdx})
	if err != nil {
		return err
	}
	if err := client.Check(reminder.HTTPResponse, reminder.Body); err != nil {
		return err
	}
	fmt.Fprintf(out, "reminder %s: %q, relevance %d\n", reminder.JSON201.Identifier, value(reminder.JSON201.Text), reminder.JSON201.Relevance)
	return nil
}

// value is what p points at, or "" for nil (read-only fields are optional
// in the generated types).
func value(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}
