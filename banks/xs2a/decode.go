package xs2a

import (
	"errors"
	"fmt"
	"io"

	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// decodeOptions read a bank's JSON as leniently as encoding/json does:
// member names in any case, a repeated member's last value, invalid UTF-8
// replaced; members the connector does not know are skipped.
var decodeOptions = json.JoinOptions(json.MatchCaseInsensitiveNames(true),
	jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))

// decode reads a 2xx answer's body into out as it arrives, in one pass and
// without holding the page's bytes, and fails past the page limit. A body
// that stops arriving is the transport's failure (asked again like one),
// not a bad answer.
func (c *Connector) decode(body io.Reader, out any, method, target string) error {
	r := &boundedReader{r: body, left: c.limits.PageBytes}
	err := json.UnmarshalRead(r, out, decodeOptions)
	switch {
	case r.over:
		c.stats.BadAnswers.Add(1)
		return badAnswer(fmt.Sprintf("answer over %d bytes from %s %s", c.limits.PageBytes, method, pathOf(target)))
	case r.failed != nil:
		return r.failed
	case err != nil:
		c.stats.BadAnswers.Add(1)
		return badAnswer("invalid JSON from " + method + " " + pathOf(target) + ": " + err.Error())
	}
	return nil
}

// errOverLimit stops a decode at the page limit.
var errOverLimit = errors.New("xs2a: answer over the page limit")

// boundedReader reads at most left bytes and fails on one more; it
// remembers whether the limit was passed and the transport's own error.
type boundedReader struct {
	r      io.Reader
	left   int64
	over   bool
	failed error // a read error other than the end of the body
}

func (b *boundedReader) Read(p []byte) (int, error) {
	if b.left <= 0 {
		var one [1]byte
		if n, err := b.r.Read(one[:]); n > 0 {
			b.over = true
			return 0, errOverLimit
		} else if err != nil {
			return 0, b.keep(err)
		}
		return 0, nil
	}
	if int64(len(p)) > b.left {
		p = p[:b.left]
	}
	n, err := b.r.Read(p)
	b.left -= int64(n)
	return n, b.keep(err)
}

func (b *boundedReader) keep(err error) error {
	if err != nil && !errors.Is(err, io.EOF) && b.failed == nil {
		b.failed = err
	}
	return err
}
