package docs

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var updateSDK = flag.Bool("update-sdk", false, "write the served documents into sdk/go/openapi")

// TestSDKDocuments checks that the Go libraries are generated from the
// documents this server serves: sdk/go/openapi holds exact copies.
func TestSDKDocuments(t *testing.T) {
	for _, name := range Documents {
		served, err := OpenAPIDocument(name)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join("..", "..", "sdk", "go", "openapi", name)
		if *updateSDK {
			if err := os.WriteFile(path, served, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		copied, err := os.ReadFile(path)
		if err != nil || !bytes.Equal(copied, served) {
			t.Errorf("%s differs from the served document (%v): run make sdk", path, err)
		}
	}
}
