package categorise

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

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
	langs langSet
}

// alias is where a run of words points in the dictionary.
type alias struct {
	merchant int32
	words    uint8
	start    bool    // only at the start of the payee
	common   langSet // a one-word alias that is an ordinary word in these languages
	alt      int32   // another file's alias of the same words for another category, -1 for none
}

// Dictionary maps brand aliases to merchants. It is read once and only read after.
type Dictionary struct {
	merchants []merchant
	aliases   map[uint64]alias
	alts      []alias    // alternatives, chained by alt
	texts     [][]string // each merchant's first aliases as written, for training
	allTexts  [][]string // each German merchant's aliases, for their plain-vowel variants
	source    []int32    // each merchant's source, to tell a repeated alias within one from one across two
	common    map[string]langSet
	sources   int32
	maxWords  int
}

// LoadDictionary reads one dictionary in the merchants.tsv format; its entries belong to no
// language.
func LoadDictionary(r io.Reader) (*Dictionary, error) {
	d := newDictionary(nil)
	if err := d.read(r, "merchants", 0); err != nil {
		return nil, err
	}
	return d, nil
}

// newDictionary returns an empty dictionary with a list of common words.
func newDictionary(common map[string]langSet) *Dictionary {
	return &Dictionary{aliases: map[uint64]alias{}, common: common}
}

// read adds the entries of one source, in the languages langs.
func (d *Dictionary) read(r io.Reader, name string, langs langSet) error {
	src := d.sources
	d.sources++
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if text == "" || text[0] == '#' {
			continue
		}
		if err := d.addLine(text, src, langs); err != nil {
			return fmt.Errorf("insight: %s line %d: %w", name, line, err)
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("insight: reading %s: %w", name, err)
	}
	if langs.has(langDE) {
		d.addUmlautVariants(src)
	}
	return nil
}

// Len returns the number of merchants.
func (d *Dictionary) Len() int { return len(d.merchants) }

// Aliases returns the number of aliases.
func (d *Dictionary) Aliases() int { return len(d.aliases) + len(d.alts) }

// addLine parses one entry and indexes its aliases.
func (d *Dictionary) addLine(text string, src int32, langs langSet) error {
	cols := strings.Split(text, "\t")
	if len(cols) < 3 {
		return fmt.Errorf("want at least 3 columns, got %d", len(cols))
	}
	m, err := merchantOf(cols)
	if err != nil {
		return err
	}
	m.langs = langs
	id := int32(len(d.merchants))
	d.merchants = append(d.merchants, m)
	d.source = append(d.source, src)
	d.texts = append(d.texts, nil)
	d.allTexts = append(d.allTexts, nil)
	for _, a := range strings.Split(cols[2], "|") {
		if err := d.addAlias(a, id); err != nil {
			return err
		}
	}
	return nil
}
