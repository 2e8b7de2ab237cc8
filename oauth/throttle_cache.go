package oauth

import (
	"context"
	"sync"
	"time"

	"openbank/store"
)

// throttleCacheTTL bounds how long a throttle record read is reused: a
// lock from failures on another instance is seen within it, failures here
// at once. It spares a busy token endpoint a read per request.
const throttleCacheTTL = 2 * time.Second

// throttleCache remembers throttle records by key; a zero record means
// the key had none.
type throttleCache struct {
	mu      sync.Mutex
	entries map[string]cachedRecord
}

type cachedRecord struct {
	record store.ThrottleRecord
	readAt time.Time
}

func newThrottleCache() *throttleCache { return &throttleCache{entries: map[string]cachedRecord{}} }

// get returns the records of keys when every one of them is fresh.
func (tc *throttleCache) get(keys []string, now time.Time) (map[string]store.ThrottleRecord, bool) {
	tc.mu.Lock()
	defer tc.mu.Unlock()
	out := make(map[string]store.ThrottleRecord, len(keys))
	for _, k := range keys {
		e, ok := tc.entries[k]
		if !ok || now.Sub(e.readAt) >= throttleCacheTTL || now.Before(e.readAt) {
			return nil, false
		}
		out[k] = e.record
	}
	return out, true
}

func (tc *throttleCache) put(keys []string, records map[string]store.ThrottleRecord, now time.Time) {
	tc.mu.Lock()
	defer tc.mu.Unlock()
	if len(tc.entries) >= 50_000 { // a spray over many keys: start over rather than grow
		clear(tc.entries)
	}
	for _, k := range keys {
		tc.entries[k] = cachedRecord{record: records[k], readAt: now}
	}
}

func (tc *throttleCache) drop(keys ...string) {
	tc.mu.Lock()
	defer tc.mu.Unlock()
	for _, k := range keys {
		delete(tc.entries, k)
	}
}

// throttleRecords reads the records of keys through the cache.
func (s *Server) throttleRecords(ctx context.Context, keys []string) (map[string]store.ThrottleRecord, error) {
	now := s.now()
	if records, ok := s.throttles.get(keys, now); ok {
		return records, nil
	}
	records, err := s.db.ThrottleRecords(ctx, keys)
	if err != nil {
		return nil, err
	}
	s.throttles.put(keys, records, now)
	return records, nil
}
