package views

// productWords says in plain words what each product lets a client do
// for the user who allows it.
var productWords = map[string]string{
	"gateway":     "read and manage your showcases, their reminders and who may see them",
	"aggregation": "connect your bank accounts and read their balances and transactions",
	"widget":      "send you to a page where you connect your bank",
	"callbacks":   "be told when new data from your bank has arrived",
	"insight":     "sort your transactions into categories and work out spending figures",
	"pdf":         "create reports of your accounts as PDF documents",
	"upload":      "add bank statements you upload to your data",
}

// Permissions lists in plain words what a client with these products may
// do; codes without words are left out rather than shown raw.
func Permissions(products []string) []string {
	out := make([]string, 0, len(products))
	for _, p := range products {
		if w, ok := productWords[p]; ok {
			out = append(out, w)
		}
	}
	return out
}
