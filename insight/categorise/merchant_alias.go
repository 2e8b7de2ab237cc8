package categorise

import (
	"fmt"
	"strings"

	"openbank/insight/ledger"
)

// addAlias indexes one alias of merchant id. The same words twice in one source is an
// error; in two sources, the later is dropped when it means the same and kept as an
// alternative, chosen by the line's language, when it does not.
func (d *Dictionary) addAlias(text string, id int32) error {
	a := alias{merchant: id, alt: -1}
	if strings.HasPrefix(text, "^") {
		a.start, text = true, text[1:]
	}
	var p parsed
	tokenise(text, &p.w)
	if p.w.n == 0 {
		return fmt.Errorf("empty alias in %q", d.merchants[id].name)
	}
	h := aliasSeed
	for i := 0; i < p.w.n; i++ {
		if p.noise(i) {
			return fmt.Errorf("alias %q: word %q is dropped from descriptions", text, p.w.tok[i].text)
		}
		h = hashWord(h, p.w.tok[i].text)
	}
	a.words = uint8(p.w.n)
	if p.w.n == 1 {
		a.common = d.common[p.w.tok[0].text]
	}
	if len(d.texts[id]) < 4 && !a.riskAlone(d) {
		d.texts[id] = append(d.texts[id], text)
	}
	if d.merchants[id].langs.has(langDE) && !a.start {
		d.allTexts[id] = append(d.allTexts[id], text)
	}
	prev, dup := d.aliases[h]
	switch {
	case !dup:
		d.aliases[h] = a
	case d.source[prev.merchant] == d.source[id]:
		return fmt.Errorf("alias %q of %q is already %q", text, d.merchants[id].name, d.merchants[prev.merchant].name)
	case d.sameMeaning(prev, id):
	default:
		d.alts = append(d.alts, a)
		last := &prev
		for last.alt >= 0 {
			last = &d.alts[last.alt]
		}
		last.alt = int32(len(d.alts) - 1)
		d.aliases[h] = prev
	}
	d.maxWords = max(d.maxWords, p.w.n)
	return nil
}

// sameMeaning reports whether merchant id means what an alias chain already does.
func (d *Dictionary) sameMeaning(a alias, id int32) bool {
	m := &d.merchants[id]
	for {
		o := &d.merchants[a.merchant]
		if o.out != m.out || o.in != m.in || o.role != m.role {
			return false
		}
		if a.alt < 0 {
			return true
		}
		a = d.alts[a.alt]
	}
}

// riskAlone reports whether a is a common word pointing to a risk category, which it may
// never decide on its own.
func (a *alias) riskAlone(d *Dictionary) bool {
	if a.common == 0 {
		return false
	}
	m := &d.merchants[a.merchant]
	return ledger.RiskCategory(m.out) || ledger.RiskCategory(m.in) || ledger.RiskCategory(m.dd)
}

// addUmlautVariants indexes the aliases of source src written with AE, OE or UE once more
// with the plain vowel, as exports that drop the dots print them (MUELLER, MULLER), where
// those words are not an alias already.
func (d *Dictionary) addUmlautVariants(src int32) {
	plain := strings.NewReplacer("AE", "A", "OE", "O", "UE", "U")
	for id := range d.merchants {
		if d.source[id] != src {
			continue
		}
		for _, text := range d.allTexts[id] {
			variant := plain.Replace(text)
			if variant == text || strings.Contains(text, "QUE") {
				continue
			}
			var p parsed
			tokenise(variant, &p.w)
			h := aliasSeed
			for i := 0; i < p.w.n; i++ {
				h = hashWord(h, p.w.tok[i].text)
			}
			if _, dup := d.aliases[h]; !dup && p.w.n > 0 {
				d.aliases[h] = alias{merchant: int32(id), words: uint8(p.w.n), alt: -1}
			}
		}
	}
}

// aliasSeed starts the hash of a run of words.
const aliasSeed uint64 = 14695981039346656037

// hashWord extends a run's FNV-1a hash with one word and a separator.
func hashWord(h uint64, w string) uint64 {
	for i := 0; i < len(w); i++ {
		h ^= uint64(w[i])
		h *= 1099511628211
	}
	h ^= 0x1f
	h *= 1099511628211
	return h
}
