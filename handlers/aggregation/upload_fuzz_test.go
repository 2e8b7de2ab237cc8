package aggregation

import (
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"openbank/aggregation"
	"openbank/handlers/fault"
	"openbank/handlers/jsonbody"
)

var fuzzToday = time.Date(2026, 3, 10, 0, 0, 0, 0, time.UTC)

// refusedAsValidation fails unless err is a 400 validation fault whose
// description starts with one of prefixes (without prefixes: names a
// field before a colon).
func refusedAsValidation(t *testing.T, err error, prefixes ...string) {
	t.Helper()
	var fe *fault.Error
	if !errors.As(err, &fe) || fe.Status != http.StatusBadRequest || fe.Body.Code != fault.CodeValidation {
		t.Fatalf("refusal %v is not a 400 validation fault", err)
	}
	if len(prefixes) == 0 && strings.Contains(fe.Body.Description, ": ") {
		return
	}
	for _, p := range prefixes {
		if strings.HasPrefix(fe.Body.Description, p) {
			return
		}
	}
	t.Fatalf("refusal %q names none of %v", fe.Body.Description, prefixes)
}

// checkAccounts fails unless the accounts hold only values the rules accept.
func checkAccounts(t *testing.T, accounts []aggregation.UploadAccount) {
	t.Helper()
	rows := 0
	for _, a := range accounts {
		if a.Name == "" || aggregation.CheckCurrency(a.Currency) != nil || aggregation.CheckUploadText(a.Name, aggregation.MaxAccountNameRune) != nil {
			t.Fatalf("account %+v passed", a)
		}
		for _, tx := range a.Transactions {
			rows++
			if aggregation.CheckCurrency(tx.Currency) != nil || tx.Date.After(fuzzToday.AddDate(0, 0, 1)) ||
				aggregation.CheckUploadText(tx.Description, aggregation.MaxDescriptionRune) != nil ||
				aggregation.CheckUploadText(tx.Reference, aggregation.MaxReferenceRune) != nil {
				t.Fatalf("transaction %+v passed", tx)
			}
		}
	}
	if rows > aggregation.MaxUploadRows || len(accounts) > aggregation.MaxUploadAccounts {
		t.Fatalf("%d rows in %d accounts passed", rows, len(accounts))
	}
}

func FuzzUploadCSV(f *testing.F) {
	f.Add("date,amount,description\n2026-01-01,-1.20,COFFEE\n")
	f.Add("\xEF\xBB\xBFDATE,Account,Amount,Description,Balance,Currency,Reference\r\n2026-01-01,Joint,5,\"A, B\",10.00,EUR,r\r\n")
	f.Add("date,amount,description\n2026-01-01,1\n")
	f.Add("date,amount,description,currency\n2026-01-01,1.5,x,JPY\n\"2026-01-02\",\"-0\",\"\"\"q\"\"\",GBP\n")
	f.Fuzz(func(t *testing.T, body string) {
		accounts, err := parseUploadCSV([]byte(body), "GBP", fuzzToday)
		if err != nil {
			refusedAsValidation(t, err, "line ", "body:")
			return
		}
		if len(accounts) == 0 {
			t.Fatal("no accounts and no refusal")
		}
		checkAccounts(t, accounts)
	})
}

func FuzzUploadJSON(f *testing.F) {
	f.Add(`{"subjectId":1,"kind":"consumer","accounts":[{"name":"A","currency":"GBP","transactions":[{"date":"2026-01-01","amount":-1.2,"description":""}]}]}`)
	f.Add(`{"subjectId":"s","kind":"business","connectionId":3,"accounts":[{"name":"A","currency":"JPY","iban":"GB82 WEST 1234 5698 7654 32","balance":"12","balanceDate":"2026-01-01T10:00:00+02:00"}]}`)
	f.Add(`{"subjectId":"s","kind":"consumer","accounts":[{"name":"A","currency":"GBP","transactions":[{"date":"2026-01-01","amount":"1e3","description":"x"}]}]}`)
	f.Add(`{"accounts":[null,7,"x"]}`)
	f.Fuzz(func(t *testing.T, body string) {
		req, err := parseUploadJSON([]byte(body), fuzzToday)
		if err != nil {
			refusedAsValidation(t, err)
			return
		}
		if !jsonbody.SubjectPattern.MatchString(req.SubjectID) || aggregation.CheckUploadKind(req.Kind) != nil || req.ConnectionID < 0 || len(req.Accounts) == 0 {
			t.Fatalf("request %+v passed", req)
		}
		checkAccounts(t, req.Accounts)
	})
}
