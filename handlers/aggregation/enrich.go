package aggregation

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"openbank/handlers/caller"
	"openbank/handlers/fault"
)

// EnrichAnswer answers POST /enrich: one category per transaction sent, in
// the order sent.
type EnrichAnswer struct {
	Transactions []Enriched `json:"transactions"`
}

// Enriched is the category of one transaction sent for enrichment.
type Enriched struct {
	ID         string  `json:"id"`
	Category   string  `json:"category"`
	Confidence float64 `json:"confidence"`
	Merchant   string  `json:"merchant,omitempty"`
	Channel    string  `json:"channel"`
}

// Enrich categorises transactions the client sends without storing them,
// with the client's corrections, as a consumer's unless the body says the
// subject is a business (POST /enrich).
func (h *Handler) Enrich(c *gin.Context) {
	who, ok := caller.Of(c)
	if !ok {
		return
	}
	body, ok := readBody(c, maxEnrichBytes)
	if !ok {
		return
	}
	req, err := parseEnrich(body, h.now())
	if err != nil {
		fault.Abort(c, err)
		return
	}
	got, err := h.Service.Enrich(c.Request.Context(), who.ClientID, req.kind, req.inputs)
	if err != nil {
		fault.Abort(c, Refusal(err))
		return
	}
	out := EnrichAnswer{Transactions: make([]Enriched, len(got))}
	for i, e := range got {
		out.Transactions[i] = Enriched{ID: req.ids[i], Category: e.Code, Confidence: e.Confidence, Merchant: e.Merchant,
			Channel: e.Channel}
	}
	c.JSON(http.StatusOK, out)
}
