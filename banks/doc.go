// Package banks owns the bank providers: the Provider interface that every bank
// connector implements (real or mock), the Registry that lists providers by
// country, the classification of their errors, and the seven mock banks of
// country XF with their deterministic transaction generator.
//
// A mock bank's data is a pure function of (bank code, seed, scenario, clock):
// the same consent always yields the same history, and a later clock only adds
// what happened since. See docs/mock-banks.md for the banks, the data model and
// the test credentials.
package banks
