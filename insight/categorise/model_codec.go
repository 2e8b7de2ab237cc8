package categorise

import (
	"bufio"
	"bytes"
	"compress/gzip"
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"

	"openbank/insight/ledger"
)

//go:embed data/model.bin.gz
var modelData []byte

// modelMagic opens an encoded model.
const modelMagic = "OBNB2\n"

// embeddedModel decodes the model shipped with the package; none when the file is empty.
func embeddedModel() (*Model, error) {
	if len(modelData) == 0 {
		return nil, nil
	}
	return DecodeModel(bytes.NewReader(modelData))
}

// Encode writes the model, gzip-compressed; the bytes depend only on the model.
func (m *Model) Encode(w io.Writer) error {
	zw := gzip.NewWriter(w)
	bw := bufio.NewWriter(zw)
	var tmp [binary.MaxVarintLen64]byte
	put := func(v uint64) { bw.Write(tmp[:binary.PutUvarint(tmp[:], v)]) }
	bw.WriteString(modelMagic)
	put(uint64(ledger.CategoryCount))
	put(uint64(modelBuckets))
	put(math.Float64bits(m.temperature))
	for c := range ledger.CategoryCount {
		put(uint64(m.totals[c]))
	}
	for _, steps := range m.calib {
		put(uint64(len(steps)))
		for _, st := range steps {
			put(math.Float64bits(st.Upto))
			put(math.Float64bits(st.Value))
		}
	}
	prev := 0
	for b := range modelBuckets {
		lo, hi := m.offsets[b], m.offsets[b+1]
		if lo == hi {
			continue
		}
		put(uint64(b - prev))
		put(uint64(hi - lo))
		for _, e := range m.entries[lo:hi] {
			put(uint64(e.class))
			put(uint64(e.count))
		}
		prev = b
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("insight: encoding model: %w", err)
	}
	return zw.Close()
}

// ErrModelFormat is returned when a model file is not one Encode wrote.
var ErrModelFormat = errors.New("insight: not a categoriser model")

// DecodeModel reads a model Encode wrote.
func DecodeModel(r io.Reader) (*Model, error) {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return nil, fmt.Errorf("insight: reading model: %w", err)
	}
	br := bufio.NewReader(zr)
	magic := make([]byte, len(modelMagic))
	if _, err := io.ReadFull(br, magic); err != nil || string(magic) != modelMagic {
		return nil, ErrModelFormat
	}
	d := modelDecoder{r: br}
	if d.next() != uint64(ledger.CategoryCount) || d.next() != uint64(modelBuckets) {
		return nil, ErrModelFormat
	}
	m := newModel(math.Float64frombits(d.next()))
	for c := range ledger.CategoryCount {
		m.totals[c] = float64(d.next())
	}
	for g := range m.calib {
		n := d.next()
		if n > 64 {
			return nil, ErrModelFormat
		}
		for range n {
			m.calib[g] = append(m.calib[g], CalibrationStep{Upto: math.Float64frombits(d.next()), Value: math.Float64frombits(d.next())})
		}
	}
	d.readEntries(m)
	if d.err != nil {
		return nil, fmt.Errorf("insight: reading model: %w", d.err)
	}
	m.finish()
	return m, nil
}

// modelDecoder reads uvarints, keeping the first error.
type modelDecoder struct {
	r   *bufio.Reader
	err error
	eof bool
}

// next reads one uvarint; at the end of the input it sets eof.
func (d *modelDecoder) next() uint64 {
	if d.err != nil || d.eof {
		return 0
	}
	v, err := binary.ReadUvarint(d.r)
	if err == io.EOF {
		d.eof = true
	} else if err != nil {
		d.err = err
	}
	return v
}

// readEntries reads the buckets' (class, count) lists into m's counts.
func (d *modelDecoder) readEntries(m *Model) {
	b := 0
	for {
		delta := d.next()
		if d.eof || d.err != nil {
			return
		}
		b += int(delta)
		n := d.next()
		for range n {
			class, count := d.next(), d.next()
			if b >= modelBuckets || class >= uint64(ledger.CategoryCount) {
				d.err = ErrModelFormat
				return
			}
			m.counts[b][class] += uint32(count)
		}
	}
}
