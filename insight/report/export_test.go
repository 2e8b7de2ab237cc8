package report

import (
	"time"

	"openbank/i18n"
	"openbank/insight/ledger"
)

// AccountKindName lets the external tests tell a labelled account's name
// from the English name given to an account of its kind.
func AccountKindName(k ledger.AccountKind) string { return accountKindName(i18n.For(i18n.Default), k) }

// CategoryLabel lets the external tests check that every category has a
// name in every language.
func CategoryLabel(lang, code string) string { return categoryLabel(i18n.For(lang), code) }

// DayOf lets the external tests check the calendar day of a time.
func DayOf(t time.Time) string { return dayOf(t).String() }
