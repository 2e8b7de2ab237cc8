package jsonbody

import (
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"

	"openbank/handlers/fault"
)

type item struct {
	Description string `json:"description"`
}

type document struct {
	Name  string            `json:"name"`
	Note  string            `json:"note"`
	Items []item            `json:"items"`
	Tags  map[string]string `json:"tags"`
	Count int               `json:"count"`
}

func TestDecodeRefusesDuplicatesAndControlCharacters(t *testing.T) {
	tests := []struct {
		body string
		want string // the start of the fault's description; "" for success
	}{
		{`{"name":"a","note":"two\nlines\tand a tab","items":[{"description":"x"}],"tags":{"k":"v"}}`, ""},
		{`{"name":"a\\\"quoted\\\" \/ slash"}`, ""},
		{`{"name":"a","name":"b"}`, "name: appears more than once in its object"},
		{`{"name":"a","n\u0061me":"b"}`, "name: appears more than once in its object"},
		{`{"items":[{"description":"a"},{"description":"b","description":"c"}]}`, "items[1].description: appears more than once in its object"},
		{`{"items":[{"description":"x"},{}],"items":[]}`, "items: appears more than once in its object"},
		{`{"name":"nul\u0000"}`, `name: must not contain the control character '\x00'`},
		{`{"items":[{"description":"ok"},{"description":"esc \u001b[2J"}]}`, `items[1].description: must not contain the control character '\x1b'`},
		{`{"tags":{"k":"\u0007"}}`, `tags.k: must not contain the control character '\a'`},
		{`{"tags":{"k\u0000":"v"}}`, `tags: has a key that must not contain the control character '\x00'`},
		{`{"count":"\u0000"}`, "count: must be a whole number"},
		{`{"name":"a"`, "body: invalid JSON"},
	}
	for _, tt := range tests {
		var dst document
		err := Decode([]byte(tt.body), &dst)
		var fe *fault.Error
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("Decode(%s) = %v, want success", tt.body, err)
		case tt.want != "" && (!errors.As(err, &fe) || fe.Status != 400 || !strings.HasPrefix(fe.Body.Description, tt.want)):
			t.Errorf("Decode(%s) = %v, want 400 %q", tt.body, err, tt.want)
		}
	}
}

func TestReadBytesAnswersTooLargeWithoutReading(t *testing.T) {
	tests := []struct {
		name          string
		body          io.Reader
		contentLength int64
		status        int
		read          bool // whether the body was read
	}{
		{"within the limit", strings.NewReader("0123456789"), 10, 200, true},
		{"declared too large", &tracking{Reader: strings.NewReader(strings.Repeat("x", 11))}, 11, 413, false},
		{"streamed too large", &tracking{Reader: strings.NewReader(strings.Repeat("x", 50))}, -1, 413, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := httptest.NewRecorder()
			c, _ := gin.CreateTestContext(rec)
			c.Request = httptest.NewRequest(http.MethodPost, "/", tt.body)
			c.Request.ContentLength = tt.contentLength
			_, ok := ReadBytes(c, 10)
			if ok {
				c.Status(200)
			}
			if rec.Code != tt.status {
				t.Fatalf("status %d, want %d: %s", rec.Code, tt.status, rec.Body)
			}
			if tr, isTracking := tt.body.(*tracking); isTracking && tr.read != tt.read {
				t.Fatalf("body read: %v, want %v", tr.read, tt.read)
			}
		})
	}
}

// tracking is a reader that records whether it was read.
type tracking struct {
	io.Reader
	read bool
}

func (r *tracking) Read(p []byte) (int, error) {
	r.read = true
	return r.Reader.Read(p)
}
