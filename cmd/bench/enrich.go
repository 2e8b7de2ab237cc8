package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/google/uuid"

	handlers "openbank/handlers/aggregation"
)

// enrichBatch is how many transactions one measured enrichment sends: the
// most a call may.
const enrichBatch = 500

// enrichOperations measure POST /enrich with a full batch of statement
// lines of a mock bank, one call at a time.
func (b *bench) enrichOperations() []operation {
	var body []byte
	return []operation{{
		name: fmt.Sprintf("POST /enrich, %d transactions, 1 conn", enrichBatch), reference: refSelect, status: 200,
		conns: 1, goal: goal{maxP50: 25 * time.Millisecond},
		setup: func() (err error) { body, err = enrichBody(); return err },
		request: func(int, int) *http.Request {
			req, _ := http.NewRequest(http.MethodPost, b.base+"/aggregation/v3.12.0/enrich", bytes.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("X-Request-Id", uuid.NewString())
			return b.authed(req)
		},
	}}
}

// enrichBody is a body of the newest enrichBatch transactions of the
// large mock-bank history, amounts as decimal strings.
func enrichBody() ([]byte, error) {
	data, err := history(context.Background())
	if err != nil {
		return nil, err
	}
	type tx struct {
		ID          string `json:"id"`
		Description string `json:"description"`
		Amount      string `json:"amount"`
		Date        string `json:"date"`
	}
	txs := make([]tx, 0, enrichBatch)
	for _, a := range data {
		for _, t := range a.Transactions[max(0, len(a.Transactions)-enrichBatch):] {
			if len(txs) < enrichBatch {
				txs = append(txs, tx{ID: t.ProviderID, Description: t.Description, Amount: handlers.Decimal(t.Amount),
					Date: t.TransactionDate.Format(time.DateOnly)})
			}
		}
	}
	return json.Marshal(map[string]any{"transactions": txs})
}
