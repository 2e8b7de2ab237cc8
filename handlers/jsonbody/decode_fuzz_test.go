package jsonbody_test

import (
	"encoding/json"
	"errors"
	"net/http"
	"testing"

	"openbank/handlers/fault"
	"openbank/handlers/jsonbody"
)

// connectBody has the shapes of the APIs' bodies: a subject id of either
// kind, nested objects, maps, pointers and bounded numbers.
type connectBody struct {
	SubjectID      json.RawMessage   `json:"subjectId"`
	Provider       string            `json:"provider"`
	Access         *string           `json:"access"`
	ConsentDays    *int              `json:"consentDays"`
	Relevance      int32             `json:"relevance"`
	Amount         float64           `json:"amount"`
	CallbackFields map[string]string `json:"callbackFields"`
	Credentials    *struct {
		Username string `json:"username"`
		Password string `json:"password"`
	} `json:"credentials"`
	Accounts []struct {
		IBAN string `json:"iban"`
	} `json:"accounts"`
}

// FuzzDecode feeds request bodies to the strict decoding every JSON API
// uses: it never panics, every refusal is a 400 ErrorResponse, and a
// subject id it returns always has the documented form.
func FuzzDecode(f *testing.F) {
	for _, seed := range []string{
		`{"subjectId":1,"provider":"embedded-scenario","credentials":{"username":"u","password":"p"}}`,
		`{"subjectId":"a:b@c","callbackFields":{"k":"v"},"access":"recurring","consentDays":90}`,
		`{"relevance":2147483648}`, `{"amount":1e400}`, `{"unknown":1}`, `{"a\u0000":1}`, `{} {}`, `[]`, ``,
		`{"subjectId":1.5}`, `{"subjectId":"` + string(make([]byte, 70)) + `"}`, `{"accounts":[{"iban":null}]}`,
		`{"provider":"x","provider":"y"}`, `{"credentials":{"username":"\ud800"}}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		var b connectBody
		err := jsonbody.Decode(body, &b)
		if err != nil {
			var fe *fault.Error
			if !errors.As(err, &fe) || fe.Status != http.StatusBadRequest || fe.Body.Code != fault.CodeValidation {
				t.Fatalf("%q: %v is not a 400 ErrorResponse", body, err)
			}
			return
		}
		if b.SubjectID == nil {
			return
		}
		if id, err := jsonbody.SubjectID(b.SubjectID); err == nil && !jsonbody.SubjectPattern.MatchString(id) {
			t.Fatalf("%q: subject id %q does not have the documented form", body, id)
		}
	})
}
