// Package sandbox serves the seven mock banks as Berlin Group NextGenPSD2
// ASPSPs (account information, redirect SCA), so that connections to them
// go over HTTP through the xs2a connector exactly as to a real bank. Each
// bank lives under its own path: <address>/<bank code>/v1/….
//
// The sandbox keeps its consents in memory and, given a state file, on
// disk, so that they outlive a restart as a bank's would. Its
// data is the mock banks' (docs/mock-banks.md), generated from the seed
// the connector sends as PSU-ID ("seed-<n>"). A Behaviour makes it
// awkward on purpose: small pages, refusals with 429, consents that
// expire, answers without optional fields, signatures required.
//
// In the decoupled approach a test user answers in the bank's app: the
// sandbox checks the user's sign-in (SignIn), lists their requests
// (Pending) and decides (Decide); the server draws the app's pages and
// guards their forms (handlers/mockbank).
package sandbox
