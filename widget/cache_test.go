package widget

import (
	"testing"

	"openbank/store"
)

func TestWidgetCacheIsBounded(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		ids  int // widgets 1…ids are put, each twice
		want int
	}{
		{name: "a few", ids: 5, want: 5},
		{name: "at the bound", ids: maxCachedWidgets, want: maxCachedWidgets},
		{name: "over the bound", ids: maxCachedWidgets + 100, want: maxCachedWidgets},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var c widgetCache
			for range 2 {
				for id := range int64(tt.ids) {
					c.put(&store.Widget{ID: id + 1, ClientID: "client-a"})
				}
			}
			if n := len(c.entries); n != tt.want {
				t.Fatalf("the cache holds %d widgets, want %d", n, tt.want)
			}
			if _, ok := c.get(int64(tt.ids)); !ok {
				t.Fatal("the widget put last is not cached")
			}
		})
	}
}

func TestWidgetCacheHandsOutCopies(t *testing.T) {
	t.Parallel()
	var c widgetCache
	w := &store.Widget{ID: 7, ClientID: "client-a", ReturnTo: "https://client.example/back"}
	c.put(w)
	w.ClientID = "changed after put"
	got, _ := c.get(7)
	got.ReturnTo = "changed after get"
	again, _ := c.get(7)
	if again.ClientID != "client-a" || again.ReturnTo != "https://client.example/back" {
		t.Fatalf("the cached widget changed with its callers' copies: %+v", again)
	}
}
