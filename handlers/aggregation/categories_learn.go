package aggregation

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"github.com/gin-gonic/gin"

	"openbank/aggregation"
	"openbank/handlers/caller"
	"openbank/handlers/fault"
)

// maxLearnBytes bounds the body of POST /categories/learn.
const maxLearnBytes = 256 << 10

// CorrectionBody is one correction of POST /categories/learn.
type CorrectionBody struct {
	TransactionID *int64  `json:"transactionId"`
	Category      *string `json:"category"`
}

// Learned answers POST /categories/learn.
type Learned struct {
	Learned      int      `json:"learned"`
	MerchantKeys []string `json:"merchantKeys"`
}

// LearnCategories records a client's corrections of its transactions'
// categories; its later transactions from the same merchants follow them
// (POST /categories/learn).
func (h *Handler) LearnCategories(c *gin.Context) {
	who, ok := caller.Of(c)
	if !ok {
		return
	}
	body, ok := readBody(c, maxLearnBytes)
	if !ok {
		return
	}
	corrections, err := parseCorrections(body)
	if err != nil {
		fault.Abort(c, err)
		return
	}
	res, err := h.Service.Learn(c.Request.Context(), who.ClientID, corrections)
	var fe *aggregation.FieldError
	switch {
	case errors.Is(err, aggregation.ErrUnknownTransaction) && errors.As(err, &fe):
		fault.Abort(c, fault.New(http.StatusNotFound, fault.CodeNotFound, "transaction not found", fe.Error()))
		return
	case err != nil:
		fault.Abort(c, Refusal(err))
		return
	}
	c.JSON(http.StatusOK, Learned{Learned: res.Learned, MerchantKeys: res.MerchantKeys})
}

// parseCorrections reads the body's array of corrections; a refusal names
// the element's index and field, e.g. [3].category.
func parseCorrections(body []byte) ([]aggregation.Correction, error) {
	var raw []json.RawMessage
	if err := json.Unmarshal(body, &raw); err != nil || raw == nil {
		return nil, fault.Validation("body", "must be a JSON array of {transactionId, category}")
	}
	if len(raw) == 0 || len(raw) > aggregation.MaxCorrections {
		return nil, fault.Validation("body", fmt.Sprintf("must hold 1 to %d corrections, got %d", aggregation.MaxCorrections, len(raw)))
	}
	out := make([]aggregation.Correction, len(raw))
	for i, r := range raw {
		path := fmt.Sprintf("[%d]", i)
		var b CorrectionBody
		if err := decodeAt(path, r, &b); err != nil {
			return nil, err
		}
		if b.TransactionID == nil {
			return nil, fault.Validation(path+".transactionId", "is required: the id of one of your transactions")
		}
		if b.Category == nil {
			return nil, fault.Validation(path+".category", "is required: a category code such as living.groceries")
		}
		out[i] = aggregation.Correction{TransactionID: *b.TransactionID, Category: *b.Category}
	}
	if err := aggregation.CheckCorrections(out); err != nil {
		return nil, Refusal(err)
	}
	return out, nil
}
