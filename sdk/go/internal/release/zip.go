package release

import (
	"archive/zip"
	"bytes"
	"io/fs"
	"path"
	"slices"
	"strings"
	"time"
)

// Level is one API release level's library.
type Level struct {
	Zip      string   // the zip's name, as /docs/sdk/ serves it
	Document string   // its OpenAPI document under openapi/
	Package  string   // its generated package's directory
	Examples []string // its examples' directories
}

// Levels are the libraries of every release level.
var Levels = []Level{
	{"openbank-go-gateway-v1.1.0.zip", "gateway-v1.1.0.yaml", "gateway/v1.1.0", []string{"examples/showcase"}},
	{"openbank-go-aggregation-v3.12.0.zip", "aggregation-v3.12.0.yaml", "aggregation/v3.12.0", []string{"examples/connect", "examples/widget", "examples/callbacks"}},
	{"openbank-go-aggregation-v3.11.0.zip", "aggregation-v3.11.0.yaml", "aggregation/v3.11.0", nil},
}

// shared are the module's files every library holds.
var shared = []string{"go.mod", "go.sum", "README.md", "client", "callback", "examples/internal"}

// stamp is every file's time in a zip, so that the same sources make the
// same bytes.
var stamp = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// Zip packs level's files of the module in root under openbank-sdk-go/.
func Zip(root fs.FS, level Level) ([]byte, error) {
	var names []string
	wanted := append(append(slices.Clone(shared), "openapi/"+level.Document, level.Package), level.Examples...)
	for _, w := range wanted {
		err := fs.WalkDir(root, w, func(name string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && !strings.HasSuffix(name, "_test.go") {
				names = append(names, name)
			}
			return err
		})
		if err != nil {
			return nil, err
		}
	}
	slices.Sort(names)
	var out bytes.Buffer
	w := zip.NewWriter(&out)
	for _, name := range names {
		body, err := fs.ReadFile(root, name)
		if err != nil {
			return nil, err
		}
		f, err := w.CreateHeader(&zip.FileHeader{Name: path.Join("openbank-sdk-go", name), Method: zip.Deflate, Modified: stamp})
		if err != nil {
			return nil, err
		}
		if _, err := f.Write(body); err != nil {
			return nil, err
		}
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}
