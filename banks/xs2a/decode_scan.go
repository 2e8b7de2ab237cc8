package xs2a

import (
	"errors"
	"fmt"
	"unicode/utf8"

	"github.com/go-json-experiment/json/jsontext"
)

// scanner reads a JSON document in one pass, checking its syntax as it
// goes: the grammar of RFC 8259, with invalid UTF-8 allowed in strings
// (decodeOptions allow it too) and at most maxDepth nested objects and
// arrays, as jsontext has. Its readers take the value at hand and leave
// the scanner after it.
type scanner struct {
	b     []byte
	i     int
	depth int
	fresh bool // just inside an object or array: no comma before the next member
}

// maxDepth is how deep objects and arrays may nest, as in jsontext.
const maxDepth = 10000

// errUnexpectedEnd is the error of a document that stops too soon.
var errUnexpectedEnd = errors.New("unexpected end of JSON")

// syntaxError is the error of an unexpected byte.
func (s *scanner) syntaxError(want string) error {
	if s.i >= len(s.b) {
		return errUnexpectedEnd
	}
	return fmt.Errorf("invalid character %q at byte %d, want %s", s.b[s.i], s.i, want)
}

// space skips whitespace.
func (s *scanner) space() {
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

// kind is the kind of the value at hand, as jsontext names kinds; 0 at
// the end of the document.
func (s *scanner) kind() jsontext.Kind {
	s.space()
	if s.i == len(s.b) {
		return 0
	}
	switch c := s.b[s.i]; {
	case c == '-' || '0' <= c && c <= '9':
		return '0'
	default:
		return jsontext.Kind(c)
	}
}

// end checks that nothing but whitespace follows the document's value.
func (s *scanner) end() error {
	s.space()
	if s.i != len(s.b) {
		return s.syntaxError("the end of the document")
	}
	return nil
}

// begin enters the object ('{') or array ('[') at hand; open is false for
// null, and a value of another kind is wrongKind's error about what.
func (s *scanner) begin(delim byte, what string) (open bool, err error) {
	switch k := s.kind(); {
	case k == 'n':
		return false, s.literal("null")
	case byte(k) != delim:
		if k == 0 {
			return false, errUnexpectedEnd
		}
		want := "an object"
		if delim == '[' {
			want = "an array"
		}
		return false, wrongKind(what, want, k)
	}
	if s.depth++; s.depth > maxDepth {
		return false, fmt.Errorf("JSON nested over %d levels", maxDepth)
	}
	s.i++
	s.fresh = true
	return true, nil
}

// next steps to the next member or element of the object or array that
// closes with delim: false at its end, which it consumes.
func (s *scanner) next(delim byte) (more bool, err error) {
	s.space()
	fresh := s.fresh
	s.fresh = false
	if s.i == len(s.b) {
		return false, errUnexpectedEnd
	}
	switch c := s.b[s.i]; {
	case c == delim:
		s.i++
		s.depth--
		return false, nil
	case fresh:
		return true, nil
	case c == ',':
		s.i++
		s.space()
		return true, nil
	}
	return false, s.syntaxError("a comma or " + string(delim))
}

// nextName steps to the next member of an object and reads its name,
// which is valid until the next read; false at the object's end.
func (s *scanner) nextName() (name []byte, more bool, err error) {
	if more, err = s.next('}'); !more || err != nil {
		return nil, false, err
	}
	if s.i == len(s.b) || s.b[s.i] != '"' {
		return nil, false, s.syntaxError("a member name")
	}
	raw, plain, err := s.quoted()
	if err != nil {
		return nil, false, err
	}
	if !plain {
		raw = unquote(raw)
	}
	s.space()
	if s.i == len(s.b) || s.b[s.i] != ':' {
		return nil, false, s.syntaxError("a colon")
	}
	s.i++
	return raw, true, nil
}

// stringStops marks the bytes that end a run of a string's plain bytes:
// control characters, the quote, the backslash and the start of UTF-8
// sequences.
var stringStops = func() (t [256]bool) {
	for c := range 256 {
		t[c] = c < ' ' || c == '"' || c == '\\' || c >= utf8.RuneSelf
	}
	return t
}()

// quoted reads the string at hand and returns its bytes between the
// quotes; plain when they are its value (valid UTF-8 without escapes).
func (s *scanner) quoted() (raw []byte, plain bool, err error) {
	b, start := s.b, s.i+1
	escapes, other := false, false
	for i := start; i < len(b); {
		c := b[i]
		if !stringStops[c] {
			i++
			continue
		}
		switch {
		case c == '"':
			s.i = i + 1
			raw = b[start:i]
			return raw, !escapes && (!other || utf8.Valid(raw)), nil
		case c == '\\':
			n, ok := escapeLength(b[i:])
			if !ok {
				s.i = i
				return nil, false, s.syntaxError("a valid escape sequence")
			}
			escapes = true
			i += n
		case c < ' ':
			s.i = i
			return nil, false, s.syntaxError("no control character in a string")
		default:
			other = true
			i++
		}
	}
	s.i = len(b)
	return nil, false, errUnexpectedEnd
}

// escapeLength is the length of the escape sequence b starts with.
func escapeLength(b []byte) (int, bool) {
	if len(b) < 2 {
		return 0, false
	}
	switch b[1] {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		return 2, true
	case 'u':
		if len(b) < 6 {
			return 0, false
		}
		for _, c := range b[2:6] {
			if !isHex(c) {
				return 0, false
			}
		}
		return 6, true
	}
	return 0, false
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// unquote is the value of a string's bytes between its quotes, which
// quoted has checked. What AppendUnquote may still report is invalid
// UTF-8 or a lone surrogate, which decodeOptions allow and it has
// replaced with U+FFFD, as the reflective decoder does.
func unquote(raw []byte) []byte {
	b := make([]byte, 0, len(raw)+2)
	b = append(append(append(b, '"'), raw...), '"')
	v, _ := jsontext.AppendUnquote(nil, b)
	return v
}

// text reads a string or null into str; a value equal to same is same
// itself, and costs no copy.
func (s *scanner) text(str *string, same string, what string) error {
	switch k := s.kind(); k {
	case 'n':
		*str = ""
		return s.literal("null")
	case '"':
		raw, plain, err := s.quoted()
		switch {
		case err != nil:
			return err
		case !plain:
			*str = string(unquote(raw))
		case string(raw) == same:
			*str = same
		default:
			*str = string(raw)
		}
		return nil
	case 0:
		return errUnexpectedEnd
	default:
		return wrongKind(what, "a string", k)
	}
}

// flag reads a boolean or null into b.
func (s *scanner) flag(b **bool, what string) error {
	switch k := s.kind(); k {
	case 'n':
		*b = nil
		return s.literal("null")
	case 't', 'f':
		if *b == nil {
			*b = new(bool)
		}
		**b = k == 't'
		if k == 't' {
			return s.literal("true")
		}
		return s.literal("false")
	case 0:
		return errUnexpectedEnd
	default:
		return wrongKind(what, "a boolean", k)
	}
}

// literal reads the literal lit.
func (s *scanner) literal(lit string) error {
	if len(s.b)-s.i < len(lit) || string(s.b[s.i:s.i+len(lit)]) != lit {
		for j := range min(len(lit), len(s.b)-s.i) {
			if s.b[s.i+j] != lit[j] {
				s.i += j
				return s.syntaxError(lit)
			}
		}
		return errUnexpectedEnd
	}
	s.i += len(lit)
	return nil
}

// number reads a number.
func (s *scanner) number() error {
	b, i := s.b, s.i
	digits := func() bool {
		start := i
		for i < len(b) && '0' <= b[i] && b[i] <= '9' {
			i++
		}
		return i > start
	}
	if i < len(b) && b[i] == '-' {
		i++
	}
	switch {
	case i < len(b) && b[i] == '0':
		i++
	case !digits():
		s.i = i
		return s.syntaxError("a digit")
	}
	if i < len(b) && b[i] == '.' {
		if i++; !digits() {
			s.i = i
			return s.syntaxError("a digit")
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		if i++; i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		if !digits() {
			s.i = i
			return s.syntaxError("a digit")
		}
	}
	s.i = i
	return nil
}

// skip reads the value at hand, whatever it is.
func (s *scanner) skip() error {
	switch k := s.kind(); k {
	case '"':
		_, _, err := s.quoted()
		return err
	case '0':
		return s.number()
	case 't':
		return s.literal("true")
	case 'f':
		return s.literal("false")
	case 'n':
		return s.literal("null")
	case '{':
		if _, err := s.begin('{', ""); err != nil {
			return err
		}
		for {
			_, more, err := s.nextName()
			if err != nil || !more {
				return err
			}
			if err := s.skip(); err != nil {
				return err
			}
		}
	case '[':
		if _, err := s.begin('[', ""); err != nil {
			return err
		}
		for {
			more, err := s.next(']')
			if err != nil || !more {
				return err
			}
			if err := s.skip(); err != nil {
				return err
			}
		}
	case 0:
		return errUnexpectedEnd
	default:
		return s.syntaxError("a value")
	}
}
