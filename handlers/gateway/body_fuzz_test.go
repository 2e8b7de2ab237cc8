package gateway

import (
	"errors"
	"net/http"
	"openbank/handlers/jsonbody"
	"regexp"
	"testing"

	"openbank/gateway"
	"openbank/handlers/fault"
)

var namedField = regexp.MustCompile(`^[A-Za-z0-9_.-]+: `)

// FuzzRequestBodies decodes arbitrary bytes as each request body and
// validates the result: decoding and validation never panic, and every
// refusal is a 400 whose description names a field.
func FuzzRequestBodies(f *testing.F) {
	for _, seed := range []string{
		``, `{}`, `null`, `[]`, `{"validTo":"2030-01-01T00:00:00Z"}`, `{"name":"a","validFrom":"2030-01-01T00:00:00Z","validTo":"2029-01-01T00:00:00Z"}`,
		`{"relevance":2147483648,"selectableTextIdx":1}`, `{"relevance":-1,"selectableTextIdx":-1}`, `{"x":1}`,
		`{"showcase":"s","username":"u","consentLevel":"FULL_ACCESS"}`, `{"nameFilter":"%_\\","startValidity":"0000-01-01T00:00:00Z"}`,
		`{"validTo":"9999-12-31T23:59:59-23:59"}`, `{"relevance":1e3}`, `{"a":{"b":[1,2,{}]}}`, "{\"validTo\":\"\u0000\"}",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		check := func(err error) {
			if err == nil {
				return
			}
			var fe *fault.Error
			var field *gateway.FieldError
			switch {
			case errors.As(err, &field):
			case errors.As(err, &fe) && fe.Status == http.StatusBadRequest && namedField.MatchString(fe.Body.Description):
			default:
				t.Fatalf("body %q: refusal %v does not name a field", body, err)
			}
		}
		var cs createShowcaseBody
		if err := jsonbody.Decode(body, &cs); err == nil {
			_, err = gateway.NewShowcase(cs).Showcase("alice", testNow)
			check(err)
		} else {
			check(err)
		}
		var cr createReminderBody
		if err := jsonbody.Decode(body, &cr); err == nil {
			_, err = gateway.NewReminder(cr).Reminder("s")
			check(err)
		} else {
			check(err)
		}
		var cc createConsentBody
		if err := jsonbody.Decode(body, &cc); err == nil {
			_, err = gateway.NewConsent(cc).Consent()
			check(err)
		} else {
			check(err)
		}
		var ss searchShowcaseBody
		if err := jsonbody.Decode(body, &ss); err == nil {
			_, err = gateway.ShowcaseSearch(ss).Filter()
			check(err)
		} else {
			check(err)
		}
	})
}
