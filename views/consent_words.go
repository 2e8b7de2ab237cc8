package views

import "openbank/i18n"

// productWords are the messages saying in plain words what each product
// gives a client that the user allows, as items of the consent page's list
// ("It will get:").
var productWords = map[string]string{
	"gateway":     "oauth.grant.gateway",
	"aggregation": "oauth.grant.aggregation",
	"widget":      "oauth.grant.widget",
	"callbacks":   "oauth.grant.callbacks",
	"insight":     "oauth.grant.insight",
	"pdf":         "oauth.grant.pdf",
	"upload":      "oauth.grant.upload",
}

// Permissions lists in plain words, in the language of t, what a client
// with these products gets; codes without words are left out rather than
// shown raw.
func Permissions(t i18n.Printer, products []string) []string {
	out := make([]string, 0, len(products))
	for _, p := range products {
		if key, ok := productWords[p]; ok {
			out = append(out, t.Text(key))
		}
	}
	return out
}
