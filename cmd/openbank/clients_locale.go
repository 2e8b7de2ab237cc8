package main

import (
	"errors"
	"flag"

	"openbank/i18n"
)

// localeUsage describes the --locale flag of client create and update.
const localeUsage = "the default language of the pages the client's subjects see (BCP 47, e.g. fr or de-CH), " +
	"used when neither the client's request nor the subject's browser names one Openbank speaks"

// localeFlag adds --locale to fs; the answer is unset until the flag is
// given, so that update can tell "unchanged" from "cleared" (an empty value).
func localeFlag(fs *flag.FlagSet, usage string) *optionalString {
	v := &optionalString{}
	fs.Func("locale", usage, func(s string) error {
		if s != "" && !i18n.Valid(s) {
			return errors.New("must be a BCP 47 language tag, e.g. fr or de-CH")
		}
		v.value, v.set = s, true
		return nil
	})
	return v
}
