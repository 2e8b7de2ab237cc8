package views

// grantWords says what each grant type is for, in the new-client form.
var grantWords = map[string]string{ //nolint:gosec // G101: grant types and what they are for, no credential
	"authorization_code": "Users sign in and allow the app (web and mobile apps)",
	"refresh_token":      "Keep access without signing in again",
	"client_credentials": "The app acts as itself, server to server (needs a secret)",
	"password":           "The app sends a user's username and password itself (trusted apps only)",
}

// productAdminWords says what each product opens, in the new-client form.
var productAdminWords = map[string]string{
	"gateway":     "Gateway API: showcases and reminders",
	"aggregation": "Aggregation API: connect bank accounts, read balances and transactions",
	"widget":      "Hosted widget: Openbank's pages where subjects connect their bank",
	"callbacks":   "Callbacks: Openbank calls the client when new data arrives",
	"insight":     "Insight: categories, spending figures and scores",
	"pdf":         "PDF reports of a subject's accounts",
	"upload":      "Statement upload: the client sends bank statements as files",
}
