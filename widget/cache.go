package widget

import (
	"context"
	"sync"

	"openbank/store"
)

// maxCachedWidgets bounds the widgets an instance keeps in memory.
const maxCachedWidgets = 10_000

// widgetCache keeps widgets by id as first read. What the subject's pages
// need of a widget (its client, kind, countries, connection, return address
// and access) is fixed when the link is created and widgets are never
// deleted, so every instance may keep them without hearing of changes.
// The counters (openings, furthest step, outcome) of a cached widget are
// those of its first read: Statistics reads them from the database.
type widgetCache struct {
	mu      sync.RWMutex
	entries map[int64]*store.Widget
}

// get returns a copy of the cached widget with id.
func (c *widgetCache) get(id int64) (*store.Widget, bool) {
	c.mu.RLock()
	w, ok := c.entries[id]
	c.mu.RUnlock()
	if !ok {
		return nil, false
	}
	cp := *w
	return &cp, true
}

// put keeps a copy of w; a full cache first forgets an arbitrary widget.
func (c *widgetCache) put(w *store.Widget) {
	cp := *w
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries == nil {
		c.entries = make(map[int64]*store.Widget)
	}
	if _, ok := c.entries[w.ID]; !ok && len(c.entries) >= maxCachedWidgets {
		for id := range c.entries { // map order is unspecified: any widget goes
			delete(c.entries, id)
			break
		}
	}
	c.entries[w.ID] = &cp
}

// Widget returns a widget by id, for the subject's pages, which the
// widget's session cookie authorises. After the first read it comes from
// memory: its link's fields are current, its counters are not (see
// widgetCache). An unknown id is read again every time, since another
// instance may have just created it.
func (s *Service) Widget(ctx context.Context, id int64) (*store.Widget, error) {
	if w, ok := s.widgets.get(id); ok {
		return w, nil
	}
	w, err := s.store().Widget(ctx, id)
	if err != nil {
		return nil, err
	}
	s.widgets.put(w)
	return w, nil
}
