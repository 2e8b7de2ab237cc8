// Package widget is the hosted bank-connect widget over HTTP: the JSON
// calls a client makes to create widget links and read their statistics,
// and the pages its subject walks through (bank, consent, sign-in,
// progress, result) before going back to the client's returnTo.
package widget
