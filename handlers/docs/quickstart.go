package docs

import (
	"fmt"

	"openbank/views"
)

// quickstart is the five steps of the developer page, with the demo's
// credentials filled in when the demo runs; docs/quickstart.md mirrors it.
func quickstart(base string, demo *Demo) []views.DocsStep {
	id, secret := "$CLIENT_ID", "$CLIENT_SECRET"
	if demo != nil {
		id, secret = demo.ClientID, demo.ClientSecret
	}
	api := base + "/aggregation/v3.12.0"
	auth := `-H "Authorization: Bearer $TOKEN" -H "X-Request-Id: $(cat /proc/sys/kernel/random/uuid)"`
	return []views.DocsStep{
		step("Get an access token", "Client credentials at the token endpoint; the token lasts an hour.",
			fmt.Sprintf(`TOKEN=$(curl -s -u %s:%s -d grant_type=client_credentials %s/oauth2/token | jq -r .access_token)`, id, secret, base)),
		step("List the mock banks", "Country XF holds the seven mock banks; every call carries a fresh X-Request-Id.",
			fmt.Sprintf(`curl -s %s "%s/providers?countryCodes=XF"`, auth, api)),
		step("Connect a bank without the widget", "The Embedded Scenario bank signs the test user in at once and starts the first fetch.",
			fmt.Sprintf(`CONNECTION=$(curl -s %s -H "Content-Type: application/json" -d '{"subjectId":"quickstart","provider":"embedded-scenario","credentials":{"username":"user","password":"secret"}}' %s/connections | jq -r .connectionId)`, auth, api)),
		step("Wait for the fetch", "Poll the connection until lastSuccessfulFetchAt is set (a few seconds), then list its accounts.",
			fmt.Sprintf(`curl -s %s %s/connections/$CONNECTION | jq '{lastConsentStatus, lastFetchAt, lastSuccessfulFetchAt}'
ACCOUNT=$(curl -s %s "%s/accounts?connectionId=$CONNECTION" | jq -r '.accounts[0].id')`, auth, api, auth, api)),
		step("Page through the transactions", "Ask again with the last id you have until hasMore is false; later calls return only new rows.",
			fmt.Sprintf(`curl -s %s "%s/transactions?accountId=$ACCOUNT&lastTransactionId=0&limit=100" | jq '{hasMore, lastTransactionId, first: .transactions[0]}'`, auth, api)),
	}
}

// step is one quickstart step.
func step(title, text, command string) views.DocsStep {
	return views.DocsStep{Title: title, Text: text, Command: command}
}
