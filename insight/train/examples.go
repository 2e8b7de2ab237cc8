package train

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// ReadExamples reads labelled lines "description<TAB>amount<TAB>category" (amount in signed
// pounds, a header line allowed), each counted weight times.
func ReadExamples(r io.Reader, weight int) ([]Example, error) {
	var out []Example
	sc := bufio.NewScanner(r)
	for line := 1; sc.Scan(); line++ {
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) != 3 || line == 1 && cols[2] == "category" {
			continue
		}
		amount, err := parsePounds(cols[1])
		if err != nil {
			return nil, fmt.Errorf("insight: examples line %d: %w", line, err)
		}
		out = append(out, Example{Description: cols[0], Amount: amount, Category: cols[2], Weight: weight})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("insight: reading examples: %w", err)
	}
	return out, nil
}

// parsePounds reads a signed decimal amount of pounds as pence.
func parsePounds(s string) (int64, error) {
	whole, frac, _ := strings.Cut(strings.TrimSpace(s), ".")
	neg := strings.HasPrefix(whole, "-")
	pounds, err := strconv.ParseInt(strings.TrimPrefix(whole, "-"), 10, 64)
	if err != nil {
		return 0, fmt.Errorf("amount %q: %w", s, err)
	}
	frac = (frac + "00")[:2]
	pence, err := strconv.ParseInt(frac, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("amount %q: %w", s, err)
	}
	v := pounds*100 + pence
	if neg {
		v = -v
	}
	return v, nil
}
