package docs

import (
	"fmt"

	"openbank/views"
)

// quickstart is the five steps of the developer page, with the demo's
// credentials filled in when the demo runs; docs/quickstart.md has the
// same commands, and a test runs both as printed.
func quickstart(base string, demo *Demo) []views.DocsStep {
	id := `${OPENBANK_CLIENT_ID:?export your client id as OPENBANK_CLIENT_ID}`
	secret := `${OPENBANK_CLIENT_SECRET:?export your client secret as OPENBANK_CLIENT_SECRET}` //nolint:gosec // G101: a shell expansion naming the variable, no credential
	if demo != nil {
		id, secret = demo.ClientID, demo.ClientSecret
	}
	setup := fmt.Sprintf(`BASE=%s
CLIENT_ID=%s
CLIENT_SECRET=%s
API=$BASE/aggregation/v3.12.0
uuid() { cat /proc/sys/kernel/random/uuid 2>/dev/null || uuidgen; }
call() { local body; body=$(curl -sS --fail-with-body "$@") || { echo "$body" >&2; return 1; }; echo "$body"; }
api() { call -H "Authorization: Bearer $TOKEN" -H "X-Request-Id: $(uuid)" "$@"; }
`, base, id, secret)
	return []views.DocsStep{
		step("Set up the shell and get an access token", "The server and your client, then two helpers: call shows "+
			"an error status and its body instead of passing it to jq; api adds the token and a fresh X-Request-Id. "+
			"The token comes from client credentials and lasts an hour. Needs bash, curl and jq.",
			setup+`TOKEN=$(call -u "$CLIENT_ID:$CLIENT_SECRET" -d grant_type=client_credentials "$BASE/oauth2/token" | jq -er .access_token)`),
		step("List the mock banks", "Country XF holds the seven mock banks.",
			`api "$API/providers?countryCodes=XF" | jq -r '.providers[] | "\(.code)\t\(.name)"'`),
		step("Connect a bank without the widget", "The Embedded Scenario bank signs the test user in at once and starts the first fetch.",
			`CONNECTION=$(api -H "Content-Type: application/json" \
  -d '{"subjectId":"quickstart","provider":"embedded-scenario","credentials":{"username":"user","password":"secret"}}' \
  "$API/connections" | jq -er .connectionId)
echo "connection $CONNECTION"`),
		step("Wait for the fetch", "Poll the connection until its fetchStatus is succeeded or failed (a few seconds), then list its accounts.",
			`while STATUS=$(api "$API/connections/$CONNECTION" | jq -er .fetchStatus); do
  echo "fetchStatus: $STATUS"
  case $STATUS in succeeded | failed) break ;; esac
  sleep 1
done
ACCOUNT=$(api "$API/accounts?connectionId=$CONNECTION" | jq -er '.accounts[0].id')
echo "account $ACCOUNT"`),
		step("Page through the transactions", "Ask again with the last id you have until hasMore is false; later calls return only new rows.",
			`api "$API/transactions?accountId=$ACCOUNT&lastTransactionId=0&limit=100" | jq '{hasMore, lastTransactionId, first: .transactions[0]}'`),
	}
}

// step is one quickstart step.
func step(title, text, command string) views.DocsStep {
	return views.DocsStep{Title: title, Text: text, Command: command}
}
