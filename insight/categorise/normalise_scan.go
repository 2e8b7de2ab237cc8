package categorise

import "unicode/utf8"

// maxTokens bounds the words read from one description; maxDescription its bytes.
const (
	maxTokens      = 40
	maxDescription = 240
)

// token is one word of a description, upper-cased and folded to ASCII.
type token struct {
	text    string
	digits  uint8 // how many of its bytes are digits
	letters uint8 // how many are letters
	star    bool  // a '*' follows it, as in "PAYPAL *NETFLIX"
	dotted  bool  // a '.' precedes it, as in "AMAZON.CO.UK"
	mark    mark  // the punctuation around it that SEPA field labels use
}

// mark is the punctuation around a token, as bits.
type mark uint8

// The marks.
const (
	markSpaced     mark = 1 << iota // it starts a run of non-blank text: blank or nothing before it
	markColon                       // a ':' follows it: "MOTIF:", "Naam:"
	markPlus                        // a '+' follows it: "SVWZ+", "EREF+"
	markSlashed                     // a '/' that starts a run precedes it: " /DE", " /MOTIF"
	markAfterSlash                  // any '/' precedes it
	markEnclosed                    // '/' on both sides: "/NAME/", "/REMI/"
	markSlashOut                    // a '/' follows it: "ID EMETTEUR/…", "ECH/050324"
	markPlace                       // "//" precedes it: German card lines print the place so, "REWE//Koeln/DE"
)

// words are the tokens of one description.
type words struct {
	tok [maxTokens]token
	n   int
}

// tokenise splits a description into upper-case ASCII words. Letters and digits make words;
// accented Latin letters are folded ("É" to "E", "ß" to "SS", "Ü" to "UE", "Ñ" to "N");
// apostrophes are dropped ("SAINSBURY'S" is "SAINSBURYS", "D’ARGENT" is "DARGENT"); '&'
// and '@' are words of their own; everything else separates words, and the punctuation
// around a word is kept as its marks. Bytes that are not UTF-8 are read as Latin-1.
func tokenise(desc string, w *words) {
	if len(desc) > maxDescription {
		desc = desc[:maxDescription]
	}
	var buf [maxDescription + maxTokens]byte
	var start, end [maxTokens]int
	nbuf, open := 0, false
	var prev byte     // the last byte read, 0 at the start; folded letters count as 'A'
	slashRun := false // the last byte read is a '/' that starts a run
	slashes := 0      // '/' read since the last letter or other punctuation
	w.n = 0
	for i := 0; i < len(desc) && w.n < maxTokens; {
		c, folded, size := desc[i], "", 1
		if c >= utf8.RuneSelf {
			r, n := utf8.DecodeRuneInString(desc[i:])
			if r == utf8.RuneError && n == 1 {
				r = rune(c) // Latin-1
			}
			folded, size = foldRune(r), n
			switch folded {
			case "":
				c = ' '
			case "'":
				c = '\''
			default:
				c = 'A'
			}
		} else if c >= 'a' && c <= 'z' {
			c -= 'a' - 'A'
		}
		i += size
		switch {
		case c >= 'A' && c <= 'Z' || c >= '0' && c <= '9':
			if !open {
				if w.n == maxTokens {
					continue
				}
				m := spacing(prev)
				if prev == '/' {
					m |= markAfterSlash
					if slashRun {
						m |= markSlashed
					}
					if slashes >= 2 {
						m |= markPlace
					}
				}
				w.tok[w.n] = token{dotted: prev == '.', mark: m}
				start[w.n], open = nbuf, true
			}
			slashes = 0
			if folded == "" {
				folded = desc[i-1 : i]
				buf[nbuf] = c
				nbuf++
			} else {
				nbuf += copy(buf[nbuf:], folded)
			}
			for k := 0; k < len(folded); k++ {
				if folded[k] <= '9' {
					w.tok[w.n].digits++
				} else {
					w.tok[w.n].letters++
				}
			}
		case c == '\'' && open:
		case c == '&' || c == '@':
			if open {
				end[w.n], open = nbuf, false
				w.n++
			}
			if w.n < maxTokens {
				w.tok[w.n] = token{mark: spacing(prev)}
				start[w.n], end[w.n] = nbuf, nbuf+1
				buf[nbuf] = c
				nbuf++
				w.n++
			}
		default:
			if open {
				end[w.n], open = nbuf, false
				w.n++
				t := &w.tok[w.n-1]
				switch c {
				case ':':
					t.mark |= markColon
				case '+':
					t.mark |= markPlus
				case '/':
					t.mark |= markSlashOut
					if t.mark&markAfterSlash != 0 {
						t.mark |= markEnclosed
					}
				}
			}
			if c == '*' && w.n > 0 {
				w.tok[w.n-1].star = true
			}
			slashRun = c == '/' && spacing(prev) == markSpaced
			if c == '/' {
				slashes++
			} else {
				slashes = 0
			}
		}
		prev = c
	}
	if open {
		end[w.n] = nbuf
		w.n++
	}
	text := string(buf[:nbuf])
	for i := 0; i < w.n; i++ {
		w.tok[i].text = text[start[i]:end[i]]
	}
}

// spacing is markSpaced when a token after the byte prev starts a run of non-blank text.
func spacing(prev byte) mark {
	if prev == 0 || prev == ' ' || prev == '\t' || prev == '\n' || prev == '\r' {
		return markSpaced
	}
	return 0
}
