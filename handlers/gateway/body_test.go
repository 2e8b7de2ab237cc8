package gateway

import (
	"errors"
	"openbank/handlers/jsonbody"
	"testing"
	"time"

	"openbank/handlers/fault"
)

var testNow = time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)

func TestDecodeBodyNamesTheField(t *testing.T) {
	t.Parallel()
	tests := []struct{ body, want string }{
		{``, "body: is required: send a JSON object"},
		{`{"relevance":"x"}`, "relevance: must be a whole number from -2147483648 to 2147483647"},
		{`{"relevance":99999999999}`, "relevance: must be a whole number from -2147483648 to 2147483647"},
		{`{"selectableTextIdx":true}`, "selectableTextIdx: must be a whole number from -2147483648 to 2147483647"},
		{`{"colour":1}`, "colour: is not a field of this request body"},
		{`{"relevance":1`, "body: invalid JSON at byte 14: unexpected end of JSON input"},
		{`"text"`, "body: must be a JSON object"},
		{`{} []`, "body: must hold one JSON object and nothing after it"},
	}
	for _, tt := range tests {
		var in struct {
			Relevance         *int32 `json:"relevance"`
			SelectableTextIdx *int32 `json:"selectableTextIdx"`
		}
		var fe *fault.Error
		err := jsonbody.Decode([]byte(tt.body), &in)
		if !errors.As(err, &fe) || fe.Status != 400 || fe.Body.Description != tt.want {
			t.Errorf("%s: got %v, want %q", tt.body, err, tt.want)
		}
	}
}
