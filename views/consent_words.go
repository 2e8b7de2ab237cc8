package views

// productWords says in plain words what each product gives a client that
// the user allows, in the words of the consent page's list ("It will get:").
var productWords = map[string]string{
	"gateway":     "access to your showcases and their reminders, to read and change them",
	"aggregation": "access to the bank accounts you connect: balances and transactions",
	"widget":      "a page of ours where you can connect your bank",
	"callbacks":   "a notice each time new data from your bank arrives",
	"insight":     "categories and spending figures worked out from your transactions",
	"pdf":         "reports of your accounts as PDF documents",
	"upload":      "the bank statements you upload",
}

// Permissions lists in plain words what a client with these products gets;
// codes without words are left out rather than shown raw.
func Permissions(products []string) []string {
	out := make([]string, 0, len(products))
	for _, p := range products {
		if w, ok := productWords[p]; ok {
			out = append(out, w)
		}
	}
	return out
}
