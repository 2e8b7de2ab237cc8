package categorise

import (
	"bufio"
	_ "embed"
	"fmt"
	"io"
	"strings"
)

//go:embed data/merchants.tsv
var merchantsTSV string

// role marks dictionary entries whose category depends on the words around them.
type role uint8

// The roles.
const (
	roleNone role = iota
	roleBank      // a bank or building society: card, mortgage, loan, savings or transfer
	roleHMRC      // HM Revenue & Customs: personal tax, business tax, benefits or a refund
	roleDWP       // the benefits agencies: benefits or state pension
)

// merchant is one dictionary entry.
type merchant struct {
	name  string // clean display name
	role  role
	out   string // category when money goes out
	in    string // category when money comes in
	dd    string // category when money goes out by direct debit or standing order; "" for out
	biz   string // category of money out for a business subject
	bizIn string // category of money in for a business subject
	con   string // category of money out for a consumer subject; "" for out
	weak  bool   // a generic word rather than a brand: any brand found wins
}

// alias is where a run of words points in the dictionary.
type alias struct {
	merchant int32
	words    uint8
	start    bool // only at the start of the payee
}

// Dictionary maps brand aliases to merchants. It is read once and only read after.
type Dictionary struct {
	merchants []merchant
	aliases   map[uint64]alias
	maxWords  int
}

// LoadDictionary reads a dictionary in the merchants.tsv format.
func LoadDictionary(r io.Reader) (*Dictionary, error) {
	d := &Dictionary{aliases: map[uint64]alias{}}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if text == "" || text[0] == '#' {
			continue
		}
		if err := d.addLine(text); err != nil {
			return nil, fmt.Errorf("insight: merchants line %d: %w", line, err)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("insight: reading merchants: %w", err)
	}
	return d, nil
}

// EmbeddedDictionary reads the dictionary shipped with the package, data/merchants.tsv.
func EmbeddedDictionary() (*Dictionary, error) {
	return LoadDictionary(strings.NewReader(merchantsTSV))
}

// Len returns the number of merchants.
func (d *Dictionary) Len() int { return len(d.merchants) }

// Aliases returns the number of aliases.
func (d *Dictionary) Aliases() int { return len(d.aliases) }

// addLine parses one entry and indexes its aliases.
func (d *Dictionary) addLine(text string) error {
	cols := strings.Split(text, "\t")
	if len(cols) < 3 {
		return fmt.Errorf("want at least 3 columns, got %d", len(cols))
	}
	m, err := merchantOf(cols)
	if err != nil {
		return err
	}
	id := int32(len(d.merchants))
	d.merchants = append(d.merchants, m)
	for _, a := range strings.Split(cols[2], "|") {
		if err := d.addAlias(a, id); err != nil {
			return err
		}
	}
	return nil
}
