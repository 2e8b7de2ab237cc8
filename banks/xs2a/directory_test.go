package xs2a

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"openbank/banks"
)

func writeFile(t *testing.T, name, text string) string {
	t.Helper()
	f := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(f, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return f
}

func TestLoadDirectory(t *testing.T) {
	pemFile := writeFile(t, "qwac.pem", "x")
	good := `banks:
  - code: musterbank
    name: Musterbank
    country: DE
    bic: MUSTDEFFXXX
    baseUrl: https://xs2a.musterbank.example/psd2
    standard: berlin-group
    version: 1.3.11
    scaApproaches: [decoupled, redirect]
    appUrl: https://app.musterbank.example/approve
    certificate: ` + pemFile + `
    key: ` + pemFile + `
    quirks: {frequencyPerDay: 4}
  - code: musterbank-sandbox
    name: Musterbank Sandbox
    country: DE
    baseUrl: https://sandbox.musterbank.example
    standard: berlin-group
    version: "1.3"
    scaApproaches: [redirect]
    environment: test
`
	list, err := LoadDirectory(writeFile(t, "banks.yaml", good))
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 2 || list[0].BIC != "MUSTDEFFXXX" || list[1].Environment != banks.Test {
		t.Fatalf("list = %+v", list)
	}
	if info := list[0].info(); info.Environment != banks.Production || !info.Decoupled ||
		info.AppURL != "https://app.musterbank.example/approve" {
		t.Errorf("info = %+v", info)
	}
	if info := list[1].info(); info.SCA != banks.SCARedirect || info.AppURL != "" {
		t.Errorf("info = %+v", info)
	}
	asJSON := `{"banks":[{"code":"b1","name":"B","country":"FR","baseUrl":"https://b.example","standard":"berlin-group","version":"1.3.8","scaApproaches":["redirect"],"environment":"test"}]}`
	if _, err := LoadDirectory(writeFile(t, "banks.json", asJSON)); err != nil {
		t.Fatalf("json: %v", err)
	}
}

// TestDirectoryProblems: every problem is named, with its entry, at once.
func TestDirectoryProblems(t *testing.T) {
	bad := `banks:
  - code: Bad Code
    name: ""
    country: de
    bic: nope
    baseUrl: http://plain.example
    standard: stet
    version: "2.0"
    scaApproaches: [oauth]
    signingCertificate: /no/such/file.pem
    quirks: {signRequests: true, frequencyPerDay: 9}
  - code: twice
    name: A
    country: DE
    baseUrl: https://a.example
    standard: berlin-group
    version: "1.3"
    scaApproaches: [redirect]
    environment: test
    appUrl: /sandbox/twice/app
  - code: twice
    name: B
    country: DE
    baseUrl: https://b.example
    standard: berlin-group
    version: "1.3"
    scaApproaches: [redirect]
    environment: staging
`
	_, err := LoadDirectory(writeFile(t, "banks.yaml", bad))
	if err == nil {
		t.Fatal("a bad directory loaded")
	}
	for _, want := range []string{"banks[0] (Bad Code): code must", "name is required", "country must", "bic \"nope\"",
		"baseUrl must", "standard must", "version must", "scaApproaches must", "certificate and key", "signingCertificate file",
		"quirks.signRequests", "frequencyPerDay", "banks[2] (twice): code is listed twice", "environment must",
		"banks[1] (twice): appUrl must"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the error does not say %q:\n%v", want, err)
		}
	}
	if _, err := LoadDirectory(writeFile(t, "banks.yaml", "banks:\n  - code: x\n    colour: red\n")); err == nil {
		t.Error("an unknown field was accepted")
	}
}
