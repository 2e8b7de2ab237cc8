// Package pgdev runs a private PostgreSQL cluster under a directory of the
// project (the embedded default of `openbank serve` and the throwaway
// database of the test suite), using the machine's PostgreSQL binaries and a
// unix socket only.
package pgdev
