package banks

import (
	"slices"
	"testing"
)

// TestTestUsernamesListsEveryTestUser keeps the sandbox hints complete.
func TestTestUsernamesListsEveryTestUser(t *testing.T) {
	names := TestUsernames()
	if len(names) != len(testUsers) {
		t.Fatalf("%d usernames listed, %d test users", len(names), len(testUsers))
	}
	for name := range testUsers {
		if !slices.Contains(names, name) {
			t.Errorf("%s is not listed", name)
		}
	}
}
