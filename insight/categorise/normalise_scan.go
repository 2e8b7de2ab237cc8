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

// scanner is the state of tokenise between bytes.
type scanner struct {
	w       *words
	buf     []byte
	start   [maxTokens]int // where each token's text starts in buf
	end     [maxTokens]int
	open    bool
	prev    byte // the last byte read, 0 at the start; folded letters count as 'A'
	slash   bool // the last byte read is a '/' that starts a run
	slashes int  // how many '/' were read since the last letter or other punctuation
}

// tokenise splits a description into upper-case ASCII words. Letters and digits make words;
// accented Latin letters are folded ("É" to "E", "ß" to "SS", "Ü" to "UE", "Ñ" to "N");
// apostrophes are dropped ("SAINSBURY'S" is "SAINSBURYS", "D’ARGENT" is "DARGENT"); '&'
// and '@' are words of their own; everything else separates words. Bytes that are not
// UTF-8 are read as Latin-1.
func tokenise(desc string, w *words) {
	if len(desc) > maxDescription {
		desc = desc[:maxDescription]
	}
	var stack [maxDescription + maxTokens]byte
	s := scanner{w: w, buf: stack[:0]}
	w.n = 0
	for i := 0; i < len(desc) && w.n < maxTokens; {
		c := desc[i]
		if c < utf8.RuneSelf {
			s.ascii(c)
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(desc[i:])
		if r == utf8.RuneError && size == 1 {
			r = rune(c) // Latin-1
		}
		s.folded(foldRune(r))
		i += size
	}
	s.close()
	text := string(s.buf)
	for i := 0; i < w.n; i++ {
		w.tok[i].text = text[s.start[i]:s.end[i]]
	}
}

// ascii reads one ASCII byte.
func (s *scanner) ascii(c byte) {
	switch {
	case c >= 'a' && c <= 'z':
		s.letter(c - ('a' - 'A'))
	case c >= 'A' && c <= 'Z' || c >= '0' && c <= '9':
		s.letter(c)
	case c == '\'' && s.open:
	case c == '&' || c == '@':
		s.close()
		if s.w.n < maxTokens {
			s.w.tok[s.w.n] = token{mark: s.spacing()}
			s.start[s.w.n], s.end[s.w.n] = len(s.buf), len(s.buf)+1
			s.buf = append(s.buf, c)
			s.w.n++
		}
	default:
		s.punctuation(c)
	}
	s.prev = c
}

// folded reads a folded non-ASCII character: letters, "'" for an apostrophe, or "" for a separator.
func (s *scanner) folded(folded string) {
	switch folded {
	case "":
		s.punctuation(' ')
		s.prev = ' '
	case "'":
		s.prev = '\''
	default:
		for i := 0; i < len(folded); i++ {
			s.letter(folded[i])
		}
		s.prev = 'A'
	}
}

// letter adds a letter or digit, opening a token when none is open.
func (s *scanner) letter(c byte) {
	if !s.open {
		if s.w.n == maxTokens {
			return
		}
		m := s.spacing()
		if s.prev == '/' {
			m |= markAfterSlash
			if s.slash {
				m |= markSlashed
			}
			if s.slashes >= 2 {
				m |= markPlace
			}
		}
		s.slashes = 0
		s.w.tok[s.w.n] = token{dotted: s.prev == '.', mark: m}
		s.start[s.w.n], s.open = len(s.buf), true
	}
	s.buf = append(s.buf, c)
	if c <= '9' {
		s.w.tok[s.w.n].digits++
	} else {
		s.w.tok[s.w.n].letters++
	}
}

// spacing is markSpaced when the next token starts a run of non-blank text.
func (s *scanner) spacing() mark {
	if s.prev == 0 || s.prev == ' ' || s.prev == '\t' || s.prev == '\n' || s.prev == '\r' {
		return markSpaced
	}
	return 0
}

// punctuation closes the open token and records the marks c gives it and the next one.
func (s *scanner) punctuation(c byte) {
	closed := s.open
	s.close()
	if closed {
		t := &s.w.tok[s.w.n-1]
		switch c {
		case '*':
			t.star = true
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
	} else if c == '*' && s.w.n > 0 {
		s.w.tok[s.w.n-1].star = true
	}
	s.slash = c == '/' && s.spacing() == markSpaced
	if c == '/' {
		s.slashes++
	} else {
		s.slashes = 0
	}
}

// close ends the open token.
func (s *scanner) close() {
	if s.open {
		s.end[s.w.n], s.open = len(s.buf), false
		s.w.n++
	}
}
