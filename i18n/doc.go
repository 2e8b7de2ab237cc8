// Package i18n holds the words a subject reads, in every language Openbank
// speaks: one message catalogue per language (catalogues/<tag>.json, keyed
// by message id, with plural forms by CLDR category), the choice of a
// language from what a client, a request and a browser ask for, and the
// formatting of numbers and dates for that language.
//
// Adding a language is a catalogue file and one line in Languages.
package i18n
