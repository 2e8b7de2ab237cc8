package fault

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestCodesMatchDocs keeps docs/errors.md and the Code constants in step:
// the first table of the page lists exactly the declared codes, and every
// declared code is sent by some code outside its declaration.
func TestCodesMatchDocs(t *testing.T) {
	declared := declaredCodes(t)
	documented := documentedCodes(t)
	var want []int
	for _, code := range declared {
		want = append(want, code)
	}
	slices.Sort(want)
	if !slices.Equal(want, documented) {
		t.Errorf("docs/errors.md lists %v, fault.go declares %v", documented, want)
	}
	uses := sourceOutsideTests(t)
	for name := range declared {
		if n := len(regexp.MustCompile(`\b`+name+`\b`).FindAllStringIndex(uses, -1)); n < 2 {
			t.Errorf("%s is declared but never sent; remove it and its row in docs/errors.md", name)
		}
	}
}

// declaredCodes reads the Code… constants of fault.go.
func declaredCodes(t *testing.T) map[string]int {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "fault.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	codes := map[string]int{}
	ast.Inspect(f, func(n ast.Node) bool {
		spec, ok := n.(*ast.ValueSpec)
		if !ok || len(spec.Values) != 1 || !strings.HasPrefix(spec.Names[0].Name, "Code") {
			return true
		}
		lit, ok := spec.Values[0].(*ast.BasicLit)
		if !ok {
			return true
		}
		v, err := strconv.Atoi(lit.Value)
		if err != nil {
			t.Fatalf("%s: %v", spec.Names[0].Name, err)
		}
		codes[spec.Names[0].Name] = v
		return true
	})
	if len(codes) == 0 {
		t.Fatal("no Code constants found in fault.go")
	}
	return codes
}

// documentedCodes reads the codes of the first table of docs/errors.md.
func documentedCodes(t *testing.T) []int {
	t.Helper()
	page, err := os.ReadFile("../../docs/errors.md")
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile(`^\| (\d{4}) \| \d{3} \|`)
	var codes []int
	inTable := false
	for _, line := range strings.Split(string(page), "\n") {
		m := row.FindStringSubmatch(line)
		if m == nil {
			if inTable && !strings.HasPrefix(line, "|") {
				break
			}
			continue
		}
		inTable = true
		code, _ := strconv.Atoi(m[1])
		codes = append(codes, code)
	}
	slices.Sort(codes)
	return codes
}

// sourceOutsideTests is every non-test Go file of the module, concatenated.
func sourceOutsideTests(t *testing.T) string {
	t.Helper()
	var b strings.Builder
	err := filepath.WalkDir("../..", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".data" || d.Name() == "tools" || strings.HasPrefix(d.Name(), ".") && path != "../..") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		b.Write(src)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}
