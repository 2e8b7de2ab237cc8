package aggregation

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"openbank/aggregation"
	"openbank/handlers/fault"
	"openbank/handlers/jsonbody"
)

// UploadBody is the JSON body of POST /uploads. Accounts and their
// transactions are read one by one, so that a refusal names its index.
type UploadBody struct {
	SubjectID    json.RawMessage   `json:"subjectId"`
	Kind         string            `json:"kind"`
	ConnectionID *int64            `json:"connectionId"`
	Accounts     []json.RawMessage `json:"accounts"`
}

// UploadAccountBody is one account of an upload.
type UploadAccountBody struct {
	Name         *string           `json:"name"`
	Currency     *string           `json:"currency"`
	IBAN         string            `json:"iban"`
	Balance      json.RawMessage   `json:"balance"`
	BalanceDate  *string           `json:"balanceDate"`
	Transactions []json.RawMessage `json:"transactions"`
}

// UploadTransactionBody is one transaction of an uploaded account.
type UploadTransactionBody struct {
	Date        *string         `json:"date"`
	Amount      json.RawMessage `json:"amount"`
	Description *string         `json:"description"`
	Reference   string          `json:"reference"`
	Currency    string          `json:"currency"`
}

// parseUploadJSON reads and checks a JSON upload; a refusal is a 400 whose
// description starts with the field's path, e.g. accounts[1].transactions[7].amount.
func parseUploadJSON(body []byte, today time.Time) (aggregation.UploadRequest, error) {
	var b UploadBody
	if err := jsonbody.Decode(body, &b); err != nil {
		return aggregation.UploadRequest{}, err
	}
	req, err := b.request()
	if err != nil {
		return req, err
	}
	req.Accounts = make([]aggregation.UploadAccount, len(b.Accounts))
	budget := aggregation.MaxUploadRows
	for i, raw := range b.Accounts {
		if req.Accounts[i], err = uploadAccountOf(fmt.Sprintf("accounts[%d]", i), raw, today, budget); err != nil {
			return req, err
		}
		budget -= len(req.Accounts[i].Transactions)
	}
	return req, nil
}

// request checks the fields of the body's top level.
func (b *UploadBody) request() (aggregation.UploadRequest, error) {
	subject, err := jsonbody.SubjectID(b.SubjectID)
	if err != nil {
		return aggregation.UploadRequest{}, fault.Validation("subjectId", err.Error())
	}
	if err := aggregation.CheckUploadKind(b.Kind); err != nil {
		return aggregation.UploadRequest{}, fault.Validation("kind", err.Error())
	}
	req := aggregation.UploadRequest{SubjectID: subject, Kind: b.Kind}
	if b.ConnectionID != nil {
		if *b.ConnectionID <= 0 {
			return req, fault.Validation("connectionId", "must be a positive integer")
		}
		req.ConnectionID = *b.ConnectionID
	}
	if len(b.Accounts) == 0 || len(b.Accounts) > aggregation.MaxUploadAccounts {
		return req, fault.Validation("accounts", fmt.Sprintf("is required: 1 to %d accounts", aggregation.MaxUploadAccounts))
	}
	return req, nil
}

// decodeAt decodes the JSON object raw strictly into dst, naming the
// fields of a refusal after path.
func decodeAt(path string, raw json.RawMessage, dst any) error {
	err := jsonbody.Decode(raw, dst)
	var fe *fault.Error
	if !errors.As(err, &fe) {
		return err
	}
	desc := fe.Body.Description
	if rest, ok := strings.CutPrefix(desc, "body"); ok {
		return fault.Validation(path, strings.TrimPrefix(rest, ": "))
	}
	field, problem, _ := strings.Cut(desc, ": ")
	return fault.Validation(path+"."+field, problem)
}
