package widget

import (
	"testing"

	"openbank/banks"
)

// TestAppLink: the waiting page links to the bank's app only when its
// directory entry gives one, in a sandbox's words for a test bank.
func TestAppLink(t *testing.T) {
	for _, tc := range []struct {
		name        string
		info        banks.Info
		href, words string
	}{
		{"no app in the entry", banks.Info{Code: "consumer-low-risk", Environment: banks.Test, Decoupled: true}, "", ""},
		{"a sandbox bank", banks.Info{Environment: banks.Test, Decoupled: true, AppURL: "https://sandbox.example/b/app"},
			"https://sandbox.example/b/app", "widget.approve.sandbox"},
		{"a real bank", banks.Info{Environment: banks.Production, Decoupled: true, AppURL: "https://app.bank.example/approve"},
			"https://app.bank.example/approve", "widget.approve.app"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if href, words := appLink(tc.info); href != tc.href || words != tc.words {
				t.Fatalf("appLink = %q, %q; want %q, %q", href, words, tc.href, tc.words)
			}
		})
	}
}
