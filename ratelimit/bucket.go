package ratelimit

import (
	"math"
	"time"
)

// Decision is the answer to one request: whether it may proceed, and what
// the RateLimit headers tell the client.
type Decision struct {
	Allowed    bool
	Limit      int           // requests per Window granted to the client
	Window     time.Duration // the window of Limit
	Remaining  int           // requests left before the limit
	Reset      time.Duration // until the quota is whole again
	RetryAfter time.Duration // until the next request may proceed; 0 when allowed
}

// bucket is a token bucket: it holds up to capacity tokens and refills at
// capacity per window; each request takes one.
type bucket struct {
	tokens   float64
	capacity float64
	window   time.Duration
	at       time.Time // when tokens was last brought up to date
}

// newBucket is a full bucket.
func newBucket(capacity int, window time.Duration, now time.Time) *bucket {
	return &bucket{tokens: float64(capacity), capacity: float64(capacity), window: window, at: now}
}

// resize changes the capacity, keeping the tokens within it.
func (b *bucket) resize(capacity int, window time.Duration) {
	b.capacity, b.window = float64(capacity), window
	b.tokens = min(b.tokens, b.capacity)
}

// take refills the bucket up to now and takes one token if there is one.
// It answers the tokens left, the time until the bucket is full and, when
// refused, the time until one token is back.
func (b *bucket) take(now time.Time) (ok bool, left float64, full, retry time.Duration) {
	rate := b.capacity / b.window.Seconds() // tokens per second
	if elapsed := now.Sub(b.at).Seconds(); elapsed > 0 {
		b.tokens = min(b.capacity, b.tokens+elapsed*rate)
		b.at = now
	}
	if b.tokens >= 1 {
		b.tokens--
		ok = true
	} else {
		retry = max(time.Second, seconds((1-b.tokens)/rate)) // never "retry at once"
	}
	return ok, b.tokens, seconds((b.capacity - b.tokens) / rate), retry
}

// seconds rounds a number of seconds up to a whole second, as the headers
// carry them.
func seconds(s float64) time.Duration {
	return time.Duration(math.Ceil(s-1e-9)) * time.Second
}
