package jsonbody

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"openbank/handlers/fault"
)

// level is one open object or array of a document being checked.
type level struct {
	object    bool
	expectKey bool     // an object's next string is a key
	keys      []string // an object's keys so far
	index     int      // an array's current element
}

// checkDocument refuses, in a valid JSON document, an object with the same
// key twice (encoding/json would silently keep the last) and a string that
// TextProblem refuses; the fault names the field by its path
// (transactions[2].description).
func checkDocument(doc []byte) error {
	var stack []*level
	for i := 0; i < len(doc); i++ {
		switch doc[i] {
		case '{':
			stack = append(stack, &level{object: true, expectKey: true})
		case '[':
			stack = append(stack, &level{})
		case '}', ']':
			stack = stack[:len(stack)-1]
		case ',':
			if top := stack[len(stack)-1]; top.object {
				top.expectKey = true
			} else {
				top.index++
			}
		case ':':
			stack[len(stack)-1].expectKey = false
		case '"':
			end := stringEnd(doc, i)
			s, err := unquote(doc[i : end+1])
			if err != nil {
				return fault.Validation("body", "is not valid JSON")
			}
			if err := checkString(stack, s); err != nil {
				return err
			}
			i = end
		}
	}
	return nil
}

// checkString checks a key or a string value at the top of stack.
func checkString(stack []*level, s string) error {
	if len(stack) > 0 {
		if top := stack[len(stack)-1]; top.object && top.expectKey {
			if slices.Contains(top.keys, s) {
				return fault.Validation(fieldPath(stack, s), "appears more than once in its object")
			}
			top.keys = append(top.keys, s)
			if p := TextProblem(s); p != "" {
				return fault.Validation(fieldPath(stack[:len(stack)-1], ""), "has a key that "+p)
			}
			return nil
		}
	}
	if p := TextProblem(s); p != "" {
		return fault.Validation(fieldPath(stack, ""), p)
	}
	return nil
}

// stringEnd is the index of the quote that closes the string opening at i.
func stringEnd(doc []byte, i int) int {
	for j := i + 1; j < len(doc); j++ {
		switch doc[j] {
		case '\\':
			j++
		case '"':
			return j
		}
	}
	return len(doc) - 1
}

// unquote is the text of a JSON string literal.
func unquote(lit []byte) (string, error) {
	if !bytes.ContainsRune(lit, '\\') {
		return string(lit[1 : len(lit)-1]), nil
	}
	var s string
	err := json.Unmarshal(lit, &s)
	return s, err
}

// fieldPath names the place of the stack's innermost value, or of key in
// its innermost object; "body" for the document itself or a name that is
// not plain.
func fieldPath(stack []*level, key string) string {
	var b strings.Builder
	for i, l := range stack {
		switch {
		case !l.object:
			b.WriteString("[" + strconv.Itoa(l.index) + "]")
		case i < len(stack)-1 || key == "":
			writeName(&b, l.keys[len(l.keys)-1])
		}
	}
	if key != "" {
		writeName(&b, key)
	}
	if b.Len() == 0 || !plainName.MatchString(strings.NewReplacer("[", "", "]", "").Replace(b.String())) {
		return "body"
	}
	return b.String()
}

func writeName(b *strings.Builder, name string) {
	if b.Len() > 0 {
		b.WriteByte('.')
	}
	b.WriteString(name)
}
