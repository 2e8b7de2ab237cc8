package admin

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"openbank/aggregation"
	"openbank/views"
)

// transactionPageSize is how many transactions one page lists.
const transactionPageSize = 50

// TransactionList is GET /admin/aggregation/:client/accounts/:id: the
// account's transactions with their categories, paged after the last id
// (the aggregation API's own lastTransactionId paging).
func (h *Handler) TransactionList(c *gin.Context) {
	client, id := c.Param("client"), c.Param("id")
	account, err := strconv.ParseInt(id, 10, 64)
	after, _ := strconv.ParseInt(c.Query("after"), 10, 64) // anything else is the first page
	if err != nil {
		h.missing(c, "The account")
		return
	}
	txs, err := h.agg.Transactions(c.Request.Context(), client, account, after, transactionPageSize)
	if errors.Is(err, aggregation.ErrUnknownAccount) {
		h.missing(c, "The account")
		return
	}
	if err != nil {
		h.fail(c, err)
		return
	}
	v := views.AdminTransactionsView{AdminPage: h.adminPage(c, "Transactions", "aggregation"), Account: id}
	for _, t := range txs {
		v.Rows = append(v.Rows, views.AdminTransactionRow{Date: t.TransactionDate.UTC().Format("2006-01-02"),
			Description: t.Description, Amount: money(t.Amount, t.Currency), Status: t.Status, Category: t.Category.String})
	}
	if len(txs) == transactionPageSize {
		v.Next = "/admin/aggregation/" + client + "/accounts/" + id + "?after=" + strconv.FormatInt(txs[len(txs)-1].ID, 10)
	}
	h.render(c, http.StatusOK, views.AdminTransactionsPage(v))
}
