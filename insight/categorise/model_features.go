package categorise

// modelBuckets is the number of hashed feature buckets.
const modelBuckets = 1 << 18

// maxFeatures bounds the features read from one transaction.
const maxFeatures = 256

// features are the hashed features of one transaction.
type features struct {
	h [maxFeatures]uint32
	n int
}

// add hashes a tagged byte string into a bucket.
func (f *features) add(tag byte, s []byte) {
	if f.n == maxFeatures {
		return
	}
	h := uint32(2166136261) ^ uint32(tag)
	h *= 16777619
	for _, c := range s {
		h ^= uint32(c)
		h *= 16777619
	}
	f.h[f.n] = h & (modelBuckets - 1)
	f.n++
}

// read extracts the features of a parsed transaction: character 3- to 5-grams of the payee,
// payee and reference words, the channel, the direction and the size of the amount.
func (f *features) read(p *parsed, channel Channel, amount int64) {
	f.n = 0
	var buf [160]byte
	text := append(buf[:0], ' ')
	for _, i := range p.match[:p.nmatch] {
		t := p.w.tok[i].text
		if len(text)+len(t)+1 > len(buf) {
			break
		}
		text = append(append(text, t...), ' ')
		f.add('w', []byte(t))
	}
	for n := 3; n <= 5; n++ {
		for i := 0; i+n <= len(text); i++ {
			f.add(byte('0'+n), text[i:i+n])
		}
	}
	for i := p.refLo; i < p.refHi; i++ {
		if t := &p.w.tok[i]; t.digits == 0 {
			f.add('r', []byte(t.text))
		}
	}
	dir := byte('o')
	if amount > 0 {
		dir = 'i'
	}
	var tag [24]byte
	f.add('c', append(append(tag[:0], dir), channel...))
	f.add('a', append(tag[:0], dir, amountBucket(amount)))
	if p.nmatch == 0 {
		f.add('e', []byte{dir})
	}
}

// amountBucket puts an amount in one of a few size bands.
func amountBucket(amount int64) byte {
	if amount < 0 {
		amount = -amount
	}
	b := byte('0')
	for _, edge := range [...]int64{500, 1500, 5000, 15000, 50000, 150000, 500000} {
		if amount < edge {
			return b
		}
		b++
	}
	return b
}
