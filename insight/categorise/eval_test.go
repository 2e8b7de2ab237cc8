package categorise

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

// holdoutAccuracyFloor is the British held-out accuracy the categoriser keeps; the
// evaluation fails below it.
const holdoutAccuracyFloor = 0.92

// evalRow is one labelled line of an evaluation file.
type evalRow struct {
	desc   string
	amount int64
	want   string
}

// readEval reads a description<TAB>amount<TAB>category file with a header line.
func readEval(t testing.TB, path string) []evalRow {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Skipf("no evaluation file: %v", err)
	}
	defer f.Close()
	var rows []evalRow
	sc := bufio.NewScanner(f)
	for line := 0; sc.Scan(); line++ {
		cols := strings.Split(sc.Text(), "\t")
		if line == 0 || len(cols) != 3 {
			continue
		}
		pounds, err := strconv.ParseFloat(cols[1], 64)
		if err != nil {
			t.Fatalf("%s line %d: %v", path, line+1, err)
		}
		rows = append(rows, evalRow{desc: cols[0], amount: int64(pounds*100 + copySign(0.5, pounds)), want: cols[2]})
	}
	return rows
}

// copySign returns x with the sign of y.
func copySign(x, y float64) float64 {
	if y < 0 {
		return -x
	}
	return x
}

// score categorises rows one by one and returns accuracy, macro-F1 and the misses.
func evaluate(t testing.TB, rows []evalRow) (acc, macroF1 float64, misses []string) {
	c, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	var conf confusion
	for _, r := range rows {
		got := c.Categorise(Transaction{Description: r.desc, Amount: r.amount}, nil)
		conf.add(r.want, got.Category)
		if got.Category != r.want {
			misses = append(misses, r.want+" <- "+got.Category+" ("+string(got.Source)+") "+r.desc)
		}
	}
	return conf.accuracy(), conf.macroF1(), misses
}

func TestEvalTune(t *testing.T) {
	acc, f1, misses := evaluate(t, readEval(t, "testdata/eval_tune.tsv"))
	t.Logf("tune: accuracy %.4f, macro-F1 %.4f", acc, f1)
	for _, m := range misses {
		t.Log(m)
	}
}

func TestEvalHoldout(t *testing.T) {
	acc, f1, _ := evaluate(t, readEval(t, "testdata/eval_holdout.tsv"))
	t.Logf("held out: accuracy %.4f, macro-F1 %.4f", acc, f1)
	if acc < holdoutAccuracyFloor {
		t.Errorf("held-out accuracy %.4f fell below %.4f", acc, holdoutAccuracyFloor)
	}
}
