package aggregation

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"
	"unicode/utf8"

	"openbank/aggregation"
	"openbank/handlers/fault"
)

// CSV columns of an upload: the first three are required.
var csvColumns = []string{"date", "amount", "description", "currency", "account", "reference", "balance"}

// csvHeader maps each column to its index in the file's rows, -1 when absent.
type csvHeader map[string]int

// parseUploadCSV reads an RFC 4180 file with a header row. Rows without an
// account go to one account named aggregation.DefaultUploadName and rows
// without a currency are in currency. A refusal is a 400 naming the line.
func parseUploadCSV(body []byte, currency string, today time.Time) ([]aggregation.UploadAccount, error) {
	body = bytes.TrimPrefix(body, []byte("\xEF\xBB\xBF"))
	if !utf8.Valid(body) {
		return nil, fault.Validation(line(lineOfInvalidUTF8(body)), "is not valid UTF-8; save the file as UTF-8")
	}
	r := csv.NewReader(bytes.NewReader(body))
	r.ReuseRecord = true
	record, err := r.Read()
	if errors.Is(err, io.EOF) {
		return nil, fault.Validation("body", "is empty: send a header row (date,amount,description) and the rows")
	}
	if err != nil {
		return nil, csvFault(err)
	}
	h, err := headerOf(record)
	if err != nil {
		return nil, err
	}
	b := csvUpload{header: h, currency: currency, today: today, accounts: map[string]int{}}
	for {
		record, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, csvFault(err)
		}
		n, _ := r.FieldPos(0)
		if err := b.add(n, record); err != nil {
			return nil, err
		}
	}
	if b.rows == 0 {
		return nil, fault.Validation("body", "holds no rows after the header")
	}
	return b.finish(), nil
}

// headerOf reads the header row: known column names in any order and
// case, each once, with date, amount and description among them.
func headerOf(record []string) (csvHeader, error) {
	h := csvHeader{}
	for _, c := range csvColumns {
		h[c] = -1
	}
	for i, name := range record {
		name = strings.ToLower(strings.TrimSpace(name))
		at, known := h[name]
		if !known {
			return nil, fault.Validation("line 1", fmt.Sprintf("column %q is unknown; the columns are %s",
				name, strings.Join(csvColumns, ", ")))
		}
		if at >= 0 {
			return nil, fault.Validation("line 1", fmt.Sprintf("column %q is named twice", name))
		}
		h[name] = i
	}
	for _, c := range csvColumns[:3] {
		if h[c] < 0 {
			return nil, fault.Validation("line 1", "the header row must name the columns date, amount and description (missing "+c+")")
		}
	}
	return h, nil
}

// cell is a row's trimmed value of a column, "" when the file has none.
func (h csvHeader) cell(record []string, column string) string {
	if i := h[column]; i >= 0 {
		return strings.TrimSpace(record[i])
	}
	return ""
}

// csvFault is the 400 of a file that is not RFC 4180, naming the line.
func csvFault(err error) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return fault.Validation(line(pe.Line), pe.Err.Error())
	}
	return fault.Validation("body", "is not a CSV file")
}

func line(n int) string { return fmt.Sprintf("line %d", n) }

// lineOfInvalidUTF8 is the 1-based line of the first byte that is not UTF-8.
func lineOfInvalidUTF8(b []byte) int {
	n := 1
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		if r == utf8.RuneError && size <= 1 {
			return n
		}
		if r == '\n' {
			n++
		}
		b = b[size:]
	}
	return n
}
