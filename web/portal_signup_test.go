package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestPortalSignUpRevealsNoAccount: signing up with an email that has an
// account answers as a new sign-up does, with or without email; with
// email the owner is told that someone tried, and the account is unchanged.
func TestPortalSignUpRevealsNoAccount(t *testing.T) {
	t.Parallel()
	for _, withMail := range []bool{true, false} {
		t.Run(map[bool]string{true: "email", false: "no email"}[withMail], func(t *testing.T) {
			t.Parallel()
			var mb *mailbox
			if withMail {
				mb = newMailbox(t)
			}
			in := portalInstance(t, mb)
			const taken, fresh = "owner@example.com", "newcomer@example.com"
			signUp := func(email, password string) (int, string) {
				t.Helper()
				code, body := consoleSubmit(t, in, browser(), "/portal/signup", "/portal/signup",
					url.Values{"email": {email}, "password": {password}})
				return code, strings.ReplaceAll(body, email, "EMAIL")
			}
			signUp(taken, "the owner's long password")
			if withMail {
				mb.link(t, taken)
			}
			newCode, newBody := signUp(fresh, "a newcomer's long password")
			takenCode, takenBody := signUp(taken, "an intruder's long password")
			if takenCode != newCode || takenBody != newBody || newCode != http.StatusCreated {
				t.Errorf("a taken email answers %d, a new one %d; same page: %v\n%s", takenCode, newCode, takenBody == newBody, takenBody)
			}
			var hash string
			in.db.Get(&hash, `SELECT password_hash FROM developers WHERE email = $1`, taken)
			if hash == "" || strings.Contains(takenBody, "exists") {
				t.Errorf("the taken account is gone or the page says it exists")
			}
			if !withMail {
				return
			}
			mb.link(t, fresh)
			if msg := mb.message(t, taken); !strings.Contains(msg, "tried to create") || strings.Contains(msg, "token=") {
				t.Errorf("the owner's notice: %s", msg)
			}
		})
	}
}
