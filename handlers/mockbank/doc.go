// Package mockbank serves the mock banks' own sign-in pages, where a
// subject approves or refuses a redirect SCA before going back to the
// widget or the client that started it.
package mockbank
