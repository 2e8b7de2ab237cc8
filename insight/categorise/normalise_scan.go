package categorise

// maxTokens bounds the words read from one description; maxDescription its bytes.
const (
	maxTokens      = 40
	maxDescription = 240
)

// token is one word of a description, upper-cased.
type token struct {
	text    string
	digits  uint8 // how many of its bytes are digits
	letters uint8 // how many are letters
	star    bool  // a '*' follows it, as in "PAYPAL *NETFLIX"
	dotted  bool  // a '.' precedes it, as in "AMAZON.CO.UK"
}

// words are the tokens of one description.
type words struct {
	tok [maxTokens]token
	n   int
}

// tokenise splits a description into upper-case words. Letters and digits make words;
// apostrophes are dropped ("SAINSBURY'S" is "SAINSBURYS"); '&' and '@' are words of their
// own; everything else, including non-ASCII bytes, separates words.
func tokenise(desc string, w *words) {
	if len(desc) > maxDescription {
		desc = desc[:maxDescription]
	}
	var stack [maxDescription + maxTokens]byte
	buf := stack[:0]
	type mark struct{ start, end int }
	var marks [maxTokens]mark
	w.n = 0
	open, prev := false, byte(' ')
	for i := 0; i < len(desc) && w.n < maxTokens; i++ {
		c := desc[i]
		switch {
		case c >= 'a' && c <= 'z':
			c -= 'a' - 'A'
			fallthrough
		case c >= 'A' && c <= 'Z' || c >= '0' && c <= '9':
			if !open {
				w.tok[w.n] = token{dotted: prev == '.'}
				marks[w.n].start, open = len(buf), true
			}
			buf = append(buf, c)
			if c <= '9' {
				w.tok[w.n].digits++
			} else {
				w.tok[w.n].letters++
			}
		case c == '\'' && open:
		case c == '&' || c == '@':
			if open {
				marks[w.n].end, open = len(buf), false
				w.n++
			}
			if w.n == maxTokens {
				continue
			}
			w.tok[w.n] = token{}
			marks[w.n] = mark{len(buf), len(buf) + 1}
			buf = append(buf, c)
			w.n++
		default:
			if open {
				marks[w.n].end, open = len(buf), false
				w.n++
			}
			if c == '*' && w.n > 0 {
				w.tok[w.n-1].star = true
			}
		}
		prev = c
	}
	if open {
		marks[w.n].end = len(buf)
		w.n++
	}
	text := string(buf)
	for i := 0; i < w.n; i++ {
		w.tok[i].text = text[marks[i].start:marks[i].end]
	}
}
