// Package release makes the zip of each Go client library, one per API
// release level, that the server offers on /docs, and its tests keep the
// generated code and the zips up to date.
package release
