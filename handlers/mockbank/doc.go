// Package mockbank serves the mock banks' own sign-in pages, where a
// subject approves or refuses a redirect SCA before going back to the
// widget or the client that started it, and the sandbox banks' pages:
// their sign-in page and their app (App), where a test user signs in and
// answers the decoupled approach's requests.
package mockbank
