package xs2a

import (
	"reflect"
	"strings"
	"testing"

	"github.com/go-json-experiment/json"
)

// pageSeeds are pages that reach every path of the page decoder.
var pageSeeds = []string{
	`{"account":{"iban":"DE02120300000000202051"},"transactions":{"booked":[{"transactionId":"1","entryReference":"1","bookingDate":"2026-03-01","valueDate":"2026-03-02","transactionAmount":{"currency":"EUR","amount":"-12.5"},"creditorName":"Shop","creditorAccount":{"iban":"DE02120300000000202051"},"remittanceInformationUnstructured":"Card 1234","bankTransactionCode":"PMNT-CCRD-POSD","proprietaryBankTransactionCode":"card","balanceAfterTransaction":{"balanceAmount":{"currency":"EUR","amount":"100.00"},"balanceType":"interimBooked","creditLimitIncluded":false,"referenceDate":"2026-03-01"}}],"pending":[{"transactionAmount":{"currency":"JPY","amount":"7"},"debtorName":"Employer","debtorAccount":{"bban":"123","maskedPan":"1234 **** 5678","currency":"JPY"}}],"_links":{"next":{"href":"/v1/accounts/a1/transactions?page=2"},"account":{"href":"/v1/accounts/a1"}}}}`,
	`{"TRANSACTIONS":{"Booked":[{"TransactionID":"a","transactionid":"b","endToEndId":"e2e","mandateId":"m","remittanceInformationStructured":{"reference":"RF18","referenceType":"SCOR"}}],"_LINKS":{"Next":null,"status":{"href":"x"},"scaRedirect":{"href":"y","href":"z"}}}}`,
	`{"transactions":{"booked":[null,{},{"transactionAmount":null,"creditorAccount":null,"balanceAfterTransaction":null,"remittanceInformationStructured":null}],"pending":null,"_links":null},"account":null}`,
	`{"transactions":{"booked":[{"transactionAmount":{"currency":"EUR"},"transactionAmount":{"amount":"1"}}]}}`,
	`{"transactions":{"booked":[{"creditorName":"Caf\u00e9 \"Zur Post\" \\ \/ \b\f\n\r\t","debtorName":"\ud83d\ude00 \ud800 \udc00x","remittanceInformationUnstructured":"Stra` + "\xdf" + `e ` + "\xc3\xa9" + `"}]}}`,
	`{"transactions":{"booked":[{"unknown":[1,-2.5e+3,0.0,true,false,null,{"a":[{}]},[]],"other":{"x":"\u0041"}}]},"extra":[[[]]]}`,
	`{"transactions":{"booked":[{"balanceAfterTransaction":{"creditLimitIncluded":true,"creditLimitIncluded":null}}]}}`,
	` null `,
	`{}`,
	`{"transactions":{"booked":[{"transactionId":1}]}}`,
	`{"transactions":{"booked":[{"balanceAfterTransaction":{"creditLimitIncluded":"true"}}]}}`,
	`{"transactions":{"booked":{}}}`,
	`{"transactions":[]}`,
	`[]`,
	`{"transactions":{"booked":[{"transactionId":"1",}]}}`,
	`{"transactions":{"booked":[,]}}`,
	`{"transactions":{"booked":[{"transactionId":"1"}]}} x`,
	`{"transactions":{"booked":[{"transactionId":"1"}]}`,
	`{"transactions":{"booked":[{"a":01}]}}`,
	`{"transactions":{"booked":[{"a":-}]}}`,
	`{"transactions":{"booked":[{"a":1.}]}}`,
	`{"transactions":{"booked":[{"a":1e}]}}`,
	`{"transactions":{"booked":[{"a":tru}]}}`,
	`{"transactions":{"booked":[{"a":"\x"}]}}`,
	`{"transactions":{"booked":[{"a":"\u12"}]}}`,
	"{\"transactions\":{\"booked\":[{\"a\":\"tab\there\"}]}}",
	`{"transactions":{"booked":[{"a" "b"}]}}`,
	`{"transactions":{"booked":[{"a":"b" "c":"d"}]}}`,
	`{"transactions":{"booked":[{1:"b"}]}}`,
	``,
	`"`,
	`{"a":` + strings.Repeat("[", 9998) + strings.Repeat("]", 9998) + `}`,
	`{"a":` + strings.Repeat("[", 10000) + strings.Repeat("]", 10000) + `}`,
}

// FuzzPageDecoder checks the page decoder against the reflective one
// with the same options: both accept the same documents and read the
// same entries from them.
func FuzzPageDecoder(f *testing.F) {
	for _, s := range pageSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, doc string) {
		var want, got transactionsAnswer
		wantErr := json.Unmarshal([]byte(doc), &want, decodeOptions)
		gotErr := decodePage([]byte(doc), &got)
		if (gotErr == nil) != (wantErr == nil) {
			t.Fatalf("decodePage(%q) = %v, reflection says %v", doc, gotErr, wantErr)
		}
		if gotErr == nil && !reflect.DeepEqual(emptyAsNil(got), emptyAsNil(want)) {
			t.Fatalf("decodePage(%q):\n got %+v\nwant %+v", doc, got, want)
		}
	})
}

// emptyAsNil is a with its empty entry lists nil, as the page decoder
// leaves them.
func emptyAsNil(a transactionsAnswer) transactionsAnswer {
	if len(a.Transactions.Booked) == 0 {
		a.Transactions.Booked = nil
	}
	if len(a.Transactions.Pending) == 0 {
		a.Transactions.Pending = nil
	}
	return a
}

func TestDecodePageErrors(t *testing.T) {
	tests := []struct {
		doc, want string
	}{
		{`{"transactions":{"booked":[{"transactionId":1}]}}`, "transactionId must be a string, not number"},
		{`{"transactions":{"booked":{}}}`, "an entry list must be an array, not {"},
		{`{"transactions":{"booked":[{"transactionAmount":"1"}]}}`, "transactionAmount must be an object, not string"},
		{`{"transactions":{"booked":[{"transactionId":"1"}]}`, "unexpected end of JSON"},
		{`{"transactions":{}} {}`, `invalid character '{' at byte 20, want the end of the document`},
		{`{"transactions":{"booked":[{"a":"` + "\x01" + `"}]}}`, `invalid character '\x01' at byte 33, want no control character in a string`},
	}
	for _, tt := range tests {
		var page transactionsAnswer
		if err := decodePage([]byte(tt.doc), &page); err == nil || err.Error() != tt.want {
			t.Errorf("decodePage(%q) = %v, want %q", tt.doc, err, tt.want)
		}
	}
}
