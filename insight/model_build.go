package insight

import "math"

// newModel returns an empty model ready to count.
func newModel(temperature float64) *Model {
	return &Model{temperature: temperature, counts: make([][classCount]uint32, modelBuckets)}
}

// count adds one example's features to a class, weight times.
func (m *Model) count(f *features, class int, weight uint32) {
	for _, b := range f.h[:f.n] {
		m.counts[b][class] += weight
		m.totals[class] += float64(weight)
	}
}

// finish turns counts into the sparse weight table predictions read, and drops the counts.
func (m *Model) finish() {
	m.logAlpha = math.Log(modelAlpha)
	for c := range classCount {
		m.norm[c] = math.Log(m.totals[c] + modelAlpha*modelBuckets)
	}
	m.offsets = make([]uint32, modelBuckets+1)
	m.entries = m.entries[:0]
	for b := range modelBuckets {
		m.offsets[b] = uint32(len(m.entries))
		for c, n := range m.counts[b] {
			if n > 0 {
				w := math.Log(float64(n)+modelAlpha) - m.logAlpha
				m.entries = append(m.entries, modelEntry{class: uint8(c), count: n, weight: float32(w)})
			}
		}
	}
	m.offsets[modelBuckets] = uint32(len(m.entries))
	m.counts = nil
}
