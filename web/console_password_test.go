package web

import (
	"net/http"
	"testing"

	"openbank/store/storetest"
)

// TestConsoleSessionEndsOnPasswordChangeAndDeletion: changing an admin's
// password (`openbank user set-password`) or deleting the admin ends its
// console sessions at once on every instance, also when a user of the same
// name is created again at once.
func TestConsoleSessionEndsOnPasswordChangeAndDeletion(t *testing.T) {
	t.Parallel()
	dbURL := storetest.NewURL(t)
	one := startInstance(t, dbURL, "")
	two := startInstance(t, dbURL, one.base)
	tests := []struct {
		name string
		end  func(t *testing.T, username string)
	}{
		{"password changed", func(t *testing.T, username string) {
			if err := one.registry().SetUserPassword(t.Context(), username, "another-password"); err != nil {
				t.Fatal(err)
			}
		}},
		{"deleted and created again", func(t *testing.T, username string) {
			if err := one.registry().DeleteUser(t.Context(), username); err != nil {
				t.Fatal(err)
			}
			one.consoleUser(t, username, "root-password", true)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			username := map[string]string{"password changed": "root-1", "deleted and created again": "root-2"}[tt.name]
			one.consoleUser(t, username, "root-password", true)
			b := browser()
			consoleSignIn(t, one, b, username, "root-password").Body.Close()
			stolen := cookiesOf(b, one.base+"/admin/")
			for _, in := range []*instance{one, two} {
				other := browser()
				other.Jar.SetCookies(mustURL(t, in.base+"/admin/"), stolen)
				if status, _ := consolePage(t, other, in.base+"/admin/"); status != http.StatusOK {
					t.Fatalf("%s before: %d", in.base, status)
				}
			}
			tt.end(t, username)
			for _, in := range []*instance{one, two} {
				other := browser()
				other.Jar.SetCookies(mustURL(t, in.base+"/admin/"), stolen)
				if status, _ := consolePage(t, other, in.base+"/admin/"); status != http.StatusSeeOther {
					t.Fatalf("%s after: %d, want 303 to the sign-in", in.base, status)
				}
			}
		})
	}
}
