package release

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "write the zips into the server's handlers/docs/sdk")

// moduleRoot is the sdk/go directory, seen from this package.
const moduleRoot = "../.."

// TestGeneratedCodeIsCurrent runs the pinned oapi-codegen on each document
// again and fails on any difference from the committed code.
func TestGeneratedCodeIsCurrent(t *testing.T) {
	for _, level := range Levels {
		t.Run(level.Package, func(t *testing.T) {
			dir := filepath.Join(moduleRoot, level.Package)
			out := filepath.Join(t.TempDir(), "client.gen.go")
			cmd := exec.Command("go", "tool", "oapi-codegen", "-config", "oapi-codegen.yaml", "-o", out,
				filepath.Join("..", "..", "openapi", level.Document))
			cmd.Dir = dir
			if msg, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("oapi-codegen: %v\n%s", err, msg)
			}
			fresh, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			committed, err := os.ReadFile(filepath.Join(dir, "client.gen.go"))
			if err != nil || !bytes.Equal(fresh, committed) {
				t.Errorf("%s/client.gen.go is not what oapi-codegen makes of openapi/%s: run make sdk (%v)",
					level.Package, level.Document, err)
			}
		})
	}
}

// TestReleases checks that the server offers the zip of each library as
// the sources make it.
func TestReleases(t *testing.T) {
	for _, level := range Levels {
		fresh, err := Zip(os.DirFS(moduleRoot), level)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(moduleRoot, "..", "..", "handlers", "docs", "sdk", level.Zip)
		if *update {
			if err := os.WriteFile(path, fresh, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		served, err := os.ReadFile(path)
		if err != nil || !bytes.Equal(served, fresh) {
			t.Errorf("%s is not the zip of the current sources: run make sdk (%v)", path, err)
		}
	}
}
