package jsonbody_test

import (
	"errors"
	"testing"

	"openbank/handlers/fault"
	"openbank/handlers/jsonbody"
)

// TestDecodeNamesTheByteOffset checks that invalid JSON is refused with the
// byte of the body, as sent, where it stopped being valid.
func TestDecodeNamesTheByteOffset(t *testing.T) {
	tests := []struct {
		name, body, want string
	}{
		{"missing value", `{"provider":}`,
			"body: invalid JSON at byte 13: invalid character '}' looking for beginning of value"},
		{"leading space counts", "  \n" + `{"provider":}`,
			"body: invalid JSON at byte 16: invalid character '}' looking for beginning of value"},
		{"missing comma", `{"provider":"x" "access":"once"}`,
			"body: invalid JSON at byte 17: invalid character '\"' after object key:value pair"},
		{"cut short", `{"provider":"x",`,
			"body: invalid JSON at byte 16: unexpected end of JSON input"},
		{"cut short before trailing space", `{"provider":"x"` + "  ",
			"body: invalid JSON at byte 15: unexpected end of JSON input"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b connectBody
			err := jsonbody.Decode([]byte(tt.body), &b)
			var fe *fault.Error
			if !errors.As(err, &fe) {
				t.Fatalf("Decode(%q) = %v; want a fault", tt.body, err)
			}
			if fe.Body.Description != tt.want {
				t.Errorf("Decode(%q) description = %q; want %q", tt.body, fe.Body.Description, tt.want)
			}
		})
	}
}
