package aggregation

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"openbank/aggregation"
	"openbank/handlers/fault"
	"openbank/handlers/jsonbody"
)

// maxEnrichBytes bounds the body of POST /enrich: 500 transactions with
// the longest descriptions fit.
const maxEnrichBytes = 2 << 20

// maxEnrichID bounds the characters of a transaction's id.
const maxEnrichID = 128

// EnrichBody is the JSON body of POST /enrich. Transactions are read one by
// one, so that a refusal names its index.
type EnrichBody struct {
	Transactions []json.RawMessage `json:"transactions"`
}

// EnrichTransactionBody is one transaction of POST /enrich.
type EnrichTransactionBody struct {
	ID          *string         `json:"id"`
	Description *string         `json:"description"`
	Amount      json.RawMessage `json:"amount"`
	Date        *string         `json:"date"`
	Currency    string          `json:"currency"`
}

// parseEnrich reads and checks the body of POST /enrich: the ids to echo
// and what the categoriser reads. A refusal is a 400 whose description
// starts with the field's path, e.g. transactions[3].amount; nothing of a
// refused body is categorised.
func parseEnrich(body []byte, today time.Time) ([]string, []aggregation.CategoryInput, error) {
	var b EnrichBody
	if err := jsonbody.Decode(body, &b); err != nil {
		return nil, nil, err
	}
	if n := len(b.Transactions); n == 0 || n > aggregation.MaxEnrichTransactions {
		return nil, nil, fault.Validation("transactions",
			fmt.Sprintf("is required: 1 to %d transactions, got %d", aggregation.MaxEnrichTransactions, n))
	}
	ids := make([]string, len(b.Transactions))
	inputs := make([]aggregation.CategoryInput, len(b.Transactions))
	for i, raw := range b.Transactions {
		var err error
		if ids[i], inputs[i], err = enrichInputOf(fmt.Sprintf("transactions[%d]", i), raw, today); err != nil {
			return nil, nil, err
		}
	}
	return ids, inputs, nil
}

// enrichInputOf reads and checks the transaction at path.
func enrichInputOf(path string, raw json.RawMessage, today time.Time) (string, aggregation.CategoryInput, error) {
	var b EnrichTransactionBody
	var in aggregation.CategoryInput
	if err := decodeAt(path, raw, &b); err != nil {
		return "", in, err
	}
	if b.ID == nil || *b.ID == "" || utf8.RuneCountInString(*b.ID) > maxEnrichID {
		return "", in, fault.Validation(path+".id", fmt.Sprintf("is required: a string of 1 to %d characters, echoed in the answer", maxEnrichID))
	}
	in.Currency = "GBP"
	if b.Currency != "" {
		if err := aggregation.CheckCurrency(b.Currency); err != nil {
			return "", in, fault.Validation(path+".currency", err.Error())
		}
		in.Currency = b.Currency
	}
	if b.Description == nil || strings.TrimSpace(*b.Description) == "" {
		return "", in, fault.Validation(path+".description", "is required: the statement line as the bank prints it")
	}
	in.Description = strings.TrimSpace(*b.Description)
	if err := aggregation.CheckUploadText(in.Description, aggregation.MaxDescriptionRune); err != nil {
		return "", in, fault.Validation(path+".description", err.Error())
	}
	if b.Amount == nil {
		return "", in, fault.Validation(path+".amount", "is required: a number or a decimal string, negative for money out")
	}
	var err error
	if in.Amount, err = jsonAmount(b.Amount, in.Currency); err != nil {
		return "", in, fault.Validation(path+".amount", err.Error())
	}
	if b.Date != nil {
		if in.Date, err = aggregation.ParseUploadDate(*b.Date, today); err != nil {
			return "", in, fault.Validation(path+".date", err.Error())
		}
	}
	return *b.ID, in, nil
}
