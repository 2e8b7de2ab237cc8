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
	Kind         *string           `json:"kind"`
	Transactions []json.RawMessage `json:"transactions"`
}

// enrichRequest is a body of POST /enrich read and checked: the subject's kind
// ("" for none: a consumer's), the ids to echo and what the categoriser reads.
type enrichRequest struct {
	kind   string
	ids    []string
	inputs []aggregation.CategoryInput
}

// EnrichTransactionBody is one transaction of POST /enrich.
type EnrichTransactionBody struct {
	ID          *string         `json:"id"`
	Description *string         `json:"description"`
	Amount      json.RawMessage `json:"amount"`
	Date        *string         `json:"date"`
	Currency    string          `json:"currency"`
}

// parseEnrich reads and checks the body of POST /enrich. A refusal is a 400
// whose description starts with the field's path, e.g.
// transactions[3].amount; nothing of a refused body is categorised.
func parseEnrich(body []byte, today time.Time) (enrichRequest, error) {
	var b EnrichBody
	var req enrichRequest
	if err := jsonbody.Decode(body, &b); err != nil {
		return req, err
	}
	if b.Kind != nil {
		if *b.Kind != aggregation.KindConsumer && *b.Kind != aggregation.KindBusiness {
			return req, fault.Validation("kind", fmt.Sprintf("must be %s or %s; without it the transactions are a consumer's",
				aggregation.KindConsumer, aggregation.KindBusiness))
		}
		req.kind = *b.Kind
	}
	if n := len(b.Transactions); n == 0 || n > aggregation.MaxEnrichTransactions {
		return req, fault.Validation("transactions",
			fmt.Sprintf("is required: 1 to %d transactions, got %d", aggregation.MaxEnrichTransactions, n))
	}
	req.ids = make([]string, len(b.Transactions))
	req.inputs = make([]aggregation.CategoryInput, len(b.Transactions))
	for i, raw := range b.Transactions {
		var err error
		if req.ids[i], req.inputs[i], err = enrichInputOf(fmt.Sprintf("transactions[%d]", i), raw, today); err != nil {
			return enrichRequest{}, err
		}
	}
	return req, nil
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
