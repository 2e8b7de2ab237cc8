package banks

import "sync"

// memoKey names one generated history: a mock bank's customer (seed and
// scenario) as of one day, which is all a history depends on.
type memoKey struct {
	seed     int64
	scenario Scenario
	day      day
}

// memo keeps recent values by key, at most about 2×size of them: when the
// current generation is full it becomes the old one and the older is
// dropped, so that what is used often stays and the memory stays bounded.
type memo[V any] struct {
	mu       sync.Mutex
	size     int
	cur, old map[memoKey]V
}

func newMemo[V any](size int) *memo[V] {
	return &memo[V]{size: size, cur: map[memoKey]V{}}
}

// get returns the value kept for k.
func (m *memo[V]) get(k memoKey) (V, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if v, ok := m.cur[k]; ok {
		return v, true
	}
	v, ok := m.old[k]
	if ok {
		m.putLocked(k, v)
	}
	return v, ok
}

// put keeps v for k.
func (m *memo[V]) put(k memoKey, v V) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.putLocked(k, v)
}

func (m *memo[V]) putLocked(k memoKey, v V) {
	if len(m.cur) >= m.size {
		m.old, m.cur = m.cur, make(map[memoKey]V, m.size)
	}
	m.cur[k] = v
}

// summary is what a fetch with nothing new needs of a history: the
// accounts with their balances, and each account's newest transaction id.
type summary struct {
	accounts []Account
	newest   map[string]string // account id → newest transaction id ("" when none)
}

func summarise(hs []history) summary {
	s := summary{accounts: make([]Account, len(hs)), newest: make(map[string]string, len(hs))}
	for i := range hs {
		s.accounts[i] = hs[i].account
		newest := ""
		for _, list := range [][]Transaction{hs[i].booked, hs[i].pending} {
			for j := range list {
				newest = max(newest, list[j].ID)
			}
		}
		s.newest[hs[i].account.ID] = newest
	}
	return s
}
