package xs2a

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"regexp"
	"strings"

	"github.com/goccy/go-yaml"

	"openbank/banks"
)

// Directory is the operator's bank directory file.
type Directory struct {
	Banks []Bank `json:"banks" yaml:"banks"`
}

var (
	codePattern    = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{1,62}$`)
	countryPattern = regexp.MustCompile(`^[A-Z]{2}$`)
	bicPattern     = regexp.MustCompile(`^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$`)
	versionPattern = regexp.MustCompile(`^1\.3(\.\d+)?$`)
)

// LoadDirectory reads a directory file (YAML, or JSON) and checks every
// entry, reporting every problem at once, each naming its entry.
func LoadDirectory(file string) ([]Bank, error) {
	raw, err := os.ReadFile(file) //nolint:gosec // G304: the operator's own directory file
	if err != nil {
		return nil, fmt.Errorf("bank directory: %w", err)
	}
	var d Directory
	if strings.HasSuffix(strings.ToLower(file), ".json") {
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.DisallowUnknownFields()
		err = dec.Decode(&d)
	} else {
		err = yaml.UnmarshalWithOptions(raw, &d, yaml.Strict())
	}
	if err != nil {
		return nil, fmt.Errorf("bank directory %s: %w", file, err)
	}
	return d.Banks, Validate(d.Banks)
}

// Validate checks directory entries: every problem at once.
func Validate(list []Bank) error {
	var errs []error
	seen := map[string]bool{}
	for i := range list {
		b := &list[i]
		fail := func(format string, args ...any) {
			errs = append(errs, fmt.Errorf("bank directory: banks[%d] (%s): %s", i, b.Code, fmt.Sprintf(format, args...)))
		}
		if !codePattern.MatchString(b.Code) {
			fail("code must be 2 to 63 lower-case letters, digits and hyphens, e.g. sparkasse-berlin")
		} else if seen[b.Code] {
			fail("code is listed twice")
		}
		seen[b.Code] = true
		b.check(fail)
	}
	return errors.Join(errs...)
}

// check reports the problems of one entry.
func (b *Bank) check(fail func(string, ...any)) {
	if strings.TrimSpace(b.Name) == "" {
		fail("name is required")
	}
	if !countryPattern.MatchString(b.Country) {
		fail("country must be an ISO 3166 code in capitals, e.g. DE")
	}
	if b.BIC != "" && !bicPattern.MatchString(b.BIC) {
		fail("bic %q is not a BIC (8 or 11 capitals and digits)", b.BIC)
	}
	if u, err := url.Parse(b.BaseURL); err != nil || u.Scheme != "https" || u.Host == "" || u.RawQuery != "" {
		fail("baseUrl must be the bank's https:// address without a query, e.g. https://xs2a.bank.example/psd2")
	}
	if u, err := url.Parse(b.AppURL); b.AppURL != "" && (err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "") {
		fail("appUrl must be an absolute http(s):// address, e.g. https://app.bank.example/approve")
	}
	if b.Standard != "berlin-group" {
		fail("standard must be berlin-group (the only one supported so far)")
	}
	if !versionPattern.MatchString(b.Version) {
		fail("version must be 1.3 or a 1.3.x release, e.g. 1.3.11")
	}
	if len(b.SCAApproaches) == 0 || b.approach() == "" {
		fail("scaApproaches must include redirect, embedded or decoupled (the approaches the connector drives)")
	}
	switch b.Environment {
	case "", banks.Production, banks.Test:
	default:
		fail("environment must be production or test")
	}
	if b.Environment != banks.Test && (b.Certificate == "" || b.Key == "") {
		fail("certificate and key (the operator's QWAC, PEM files) are required outside the test environment")
	}
	checkFiles(fail, map[string]string{"certificate": b.Certificate, "key": b.Key, "ca": b.CA,
		"signingCertificate": b.SigningCertificate, "signingKey": b.SigningKey})
	if (b.Certificate == "") != (b.Key == "") {
		fail("certificate and key go together")
	}
	if b.Quirks.SignRequests && (b.SigningCertificate == "" || b.SigningKey == "") {
		fail("quirks.signRequests needs signingCertificate and signingKey")
	}
	if b.Quirks.HistoryDays < 0 || b.Quirks.FrequencyPerDay < 0 || b.Quirks.FrequencyPerDay > 4 {
		fail("quirks.historyDays must not be negative and quirks.frequencyPerDay must be 0 to 4")
	}
}

// checkFiles reports named files that cannot be read.
func checkFiles(fail func(string, ...any), files map[string]string) {
	for _, name := range []string{"certificate", "key", "ca", "signingCertificate", "signingKey"} {
		if f := files[name]; f != "" {
			if _, err := os.Stat(f); err != nil {
				fail("%s file %s cannot be read", name, f)
			}
		}
	}
}
