package xs2a

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
	jsonv1 "github.com/go-json-experiment/json/v1"
)

// decodeOptions read a bank's JSON as leniently as encoding/json does:
// member names in any case (strings.EqualFold), a repeated member's last
// value, invalid UTF-8 replaced; members the connector does not know are
// skipped.
var decodeOptions = json.JoinOptions(json.MatchCaseInsensitiveNames(true), jsonv1.MatchCaseSensitiveDelimiter(true),
	jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))

// decode reads a 2xx answer's body into out, and fails past the page
// limit. A transaction page is read whole into a pooled buffer and decoded
// by hand (decodePage); any other answer is decoded as it arrives. A body
// that stops arriving is the transport's failure (asked again like one),
// not a bad answer.
func (c *Connector) decode(body io.Reader, out any, method, target string) error {
	r := &boundedReader{r: body, left: c.limits.PageBytes}
	var err error
	if page, ok := out.(*transactionsAnswer); ok {
		err = readPage(r, page)
	} else {
		err = json.UnmarshalRead(r, out, decodeOptions)
	}
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

// pageBytes are the read buffers of transaction pages.
var pageBytes = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// readPage reads a transaction page whole and decodes it into page, whose
// strings are copies: the buffer goes back to the pool.
func readPage(r io.Reader, page *transactionsAnswer) error {
	buf := pageBytes.Get().(*bytes.Buffer)
	defer func() {
		buf.Reset()
		pageBytes.Put(buf)
	}()
	if _, err := buf.ReadFrom(r); err != nil {
		return err
	}
	return decodePage(buf.Bytes(), page)
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
