package aggregation

import (
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"

	"openbank/aggregation"
	"openbank/handlers/caller"
	"openbank/handlers/fault"
)

// Transaction paging limits of GET /transactions.
const (
	DefaultTransactionLimit = 500
	MaxTransactionLimit     = 1000
)

// ListAccounts lists the accounts of a connection (an extension).
func (h *Handler) ListAccounts(c *gin.Context) {
	who, ok := caller.Of(c)
	if !ok {
		return
	}
	id, ok := queryID(c, "connectionId", true)
	if !ok {
		return
	}
	list, err := h.Service.Accounts(c.Request.Context(), who.ClientID, id)
	if err != nil {
		fail(c, err)
		return
	}
	out := make([]Account, len(list))
	for i := range list {
		out[i] = accountOf(&list[i])
	}
	c.JSON(http.StatusOK, gin.H{"accounts": out})
}

// TransactionPage answers GET /transactions.
type TransactionPage struct {
	Transactions      []Transaction `json:"transactions"`
	HasMore           bool          `json:"hasMore"`
	LastTransactionID int64         `json:"lastTransactionId"` // the last one listed; on an empty page, the one asked after
}

// ListTransactions lists an account's transactions in id order, only those
// newer than lastTransactionId when given, at most limit of them.
func (h *Handler) ListTransactions(c *gin.Context) {
	who, ok := caller.Of(c)
	if !ok {
		return
	}
	accountID, ok := queryID(c, "accountId", true)
	if !ok {
		return
	}
	after, ok := queryID(c, "lastTransactionId", false)
	if !ok {
		return
	}
	limit, ok := intQuery(c, "limit", DefaultTransactionLimit, 1, MaxTransactionLimit)
	if !ok {
		return
	}
	list, err := h.Service.Transactions(c.Request.Context(), who.ClientID, accountID, after, limit+1)
	if errors.Is(err, aggregation.ErrUnknownAccount) {
		fault.Abort(c, fault.NotFound("account"))
		return
	}
	if err != nil {
		fail(c, err)
		return
	}
	out := TransactionPage{HasMore: len(list) > limit, Transactions: make([]Transaction, 0, limit), LastTransactionID: after}
	for i := range list[:min(len(list), limit)] {
		out.Transactions = append(out.Transactions, transactionOf(&list[i]))
	}
	if n := len(out.Transactions); n > 0 {
		out.LastTransactionID = out.Transactions[n-1].TransactionID
	}
	c.JSON(http.StatusOK, out)
}
