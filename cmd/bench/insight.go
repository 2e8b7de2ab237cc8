package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"

	"openbank/banks"
	handlers "openbank/handlers/aggregation"
	"openbank/insight/categorise"
	"openbank/insight/ledger"
	"openbank/insight/report"
	"openbank/insight/train"
)

// Sizes and targets of the insight rows.
const (
	categoriseSample = 4000                   // at most this many lines categorised in turn
	categoriseTarget = 250_000                // transactions/s on one core
	reportBuilds     = 20                     // reports built for the p50
	reportTarget     = 500 * time.Millisecond // p50 of one report, built and printed
	uploadRows       = 10_000                 // rows of the uploaded CSV file
)

// tuneSet is the categoriser's labelled tuning set, read when present.
const tuneSet = "insight/categorise/testdata/eval_tune.tsv"

// measureInsight measures in process, on one goroutine, the categorisation
// of one transaction and a PDF report of three accounts over 24 months.
func measureInsight(w io.Writer) error {
	fmt.Fprintln(os.Stderr, "bench: categorisation and PDF report in process …")
	sample, err := categorisationSample()
	if err != nil {
		return err
	}
	c, err := categorise.Default()
	if err != nil {
		return err
	}
	perSec := categorisePerSecond(c, sample)
	p50, rows, err := reportP50(time.Now().UTC())
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "\n%-44s %12s %12s  %-12s %s\n", "insight (in process, one goroutine)", "per second", "each", "target", "met")
	fmt.Fprintf(w, "%-44s %12.0f %10.0fns  %-12s %s\n", fmt.Sprintf("categorise one transaction (%d lines)", len(sample)),
		perSec, 1e9/perSec, fmt.Sprintf("≥%d/s", categoriseTarget), yesNo(perSec >= categoriseTarget))
	fmt.Fprintf(w, "%-44s %12.1f %12s  %-12s %s\n", fmt.Sprintf("PDF report, 3 accounts × 24 months (%d rows)", rows),
		1/p50.Seconds(), "p50 "+ms(p50), "p50<"+reportTarget.String(), yesNo(p50 < reportTarget))
	return nil
}

// categorisePerSecond is how many transactions of sample c categorises a
// second, one at a time as an enrichment does.
func categorisePerSecond(c *categorise.Categoriser, sample []categorise.Transaction) float64 {
	profile := &categorise.Profile{}
	r := testing.Benchmark(func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			c.Categorise(sample[i%len(sample)], profile)
		}
	})
	return float64(r.N) / r.T.Seconds()
}

// categorisationSample is the tuning set's lines and distinct lines of the
// seven mock banks' customers, categoriseSample in all.
func categorisationSample() ([]categorise.Transaction, error) {
	out, err := tuningLines()
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	mocks := banks.MockBanks(banks.Options{})
	for n, bank := range mocks {
		limit := len(out) + (categoriseSample-len(out))/(len(mocks)-n)
		for seed := int64(1); seed <= 5 && len(out) < limit; seed++ {
			_, txs, err := download(bank, seed)
			if err != nil {
				return nil, err
			}
			for _, t := range txs {
				if !seen[t.Description] && len(out) < limit {
					seen[t.Description] = true
					out = append(out, categorise.Transaction{Description: t.Description, Amount: t.Amount, Date: t.BookingDate,
						Counterparty: t.Counterparty, CounterpartyAccount: t.CounterpartyAccount, Method: string(t.Method)})
				}
			}
		}
	}
	return out, nil
}

// tuningLines reads the description and amount of each line of tuneSet;
// none when the file is absent.
func tuningLines() ([]categorise.Transaction, error) {
	f, err := os.Open(tuneSet)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer func() { _ = f.Close() }()
	var out []categorise.Transaction
	lines := bufio.NewScanner(f)
	for n := 0; lines.Scan(); n++ {
		fields := strings.Split(lines.Text(), "\t")
		if n == 0 || len(fields) < 2 {
			continue
		}
		pounds, err := strconv.ParseFloat(fields[1], 64)
		if err != nil {
			return nil, fmt.Errorf("%s line %d: %w", tuneSet, n+1, err)
		}
		out = append(out, categorise.Transaction{Description: fields[0], Amount: int64(math.Round(pounds * 100))})
	}
	return out, lines.Err()
}

// reportP50 builds and prints the report of the analytics subject's ledger
// reportBuilds times and returns the median time and the ledger's rows.
func reportP50(now time.Time) (time.Duration, int, error) {
	accounts, txs, err := threeAccountPersona(now)
	if err != nil {
		return 0, 0, err
	}
	l := train.LedgerFromBank(ledger.ConsumerSubject, accounts, txs, nil)
	times := make([]time.Duration, 0, reportBuilds)
	for range reportBuilds {
		start := time.Now()
		r, err := report.BuildReport(analyticsSubject, l, now, now)
		if err != nil {
			return 0, 0, err
		}
		if _, err := report.RenderPDF(r); err != nil {
			return 0, 0, err
		}
		times = append(times, time.Since(start))
	}
	slices.Sort(times)
	return times[len(times)/2], len(l.Entries), nil
}

// uploadOperations measure POST /uploads of a CSV file of uploadRows rows,
// each call for a new subject, so that every row is new.
func (b *bench) uploadOperations() []operation {
	var body []byte
	var subjects atomic.Int64
	return []operation{{
		name: fmt.Sprintf("POST /uploads, %d-row CSV, 1 conn", uploadRows), reference: refInsert, status: 201,
		conns: 1, goal: goal{maxP50: time.Second},
		setup: func() (err error) { body, err = uploadCSV(time.Now().UTC()); return err },
		request: func(int, int) *http.Request {
			q := url.Values{"subjectId": {fmt.Sprint("bench-upload-", subjects.Add(1))}, "kind": {"consumer"}}
			req, _ := http.NewRequest(http.MethodPost, b.base+"/aggregation/v3.12.0/uploads?"+q.Encode(), bytes.NewReader(body))
			req.Header.Set("Content-Type", "text/csv")
			req.Header.Set("X-Request-Id", uuid.NewString())
			return b.authed(req)
		},
	}}
}

// uploadCSV is a file of uploadRows lines of the large mock-bank history,
// repeated as needed, dated over the two years before now.
func uploadCSV(now time.Time) ([]byte, error) {
	data, err := history(context.Background())
	if err != nil {
		return nil, err
	}
	var lines [][2]string
	for _, a := range data {
		for _, t := range a.Transactions {
			lines = append(lines, [2]string{handlers.Decimal(t.Amount), t.Description})
		}
	}
	if len(lines) == 0 {
		return nil, errors.New("the mock history has no transactions")
	}
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	w.Write([]string{"date", "amount", "description"})
	for i := range uploadRows {
		l := lines[i%len(lines)]
		w.Write([]string{now.AddDate(0, 0, -730+i*730/uploadRows).Format(time.DateOnly), l[0], l[1]})
	}
	w.Flush()
	return buf.Bytes(), w.Error()
}
