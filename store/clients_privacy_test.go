package store_test

import (
	"context"
	"testing"

	"openbank/store"
	"openbank/store/storetest"
)

// TestClientPrivacyURL stores a client's privacy page, changes it, and
// refuses one that is not an http(s) address.
func TestClientPrivacyURL(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	c := store.Client{ClientID: "a", Name: "A", PrivacyURL: "https://a.example/privacy"}
	if err := st.CreateClient(ctx, c); err != nil {
		t.Fatal(err)
	}
	if got, err := st.GetClient(ctx, "a"); err != nil || got.PrivacyURL != c.PrivacyURL {
		t.Fatalf("created: %q %v", got.PrivacyURL, err)
	}
	c.PrivacyURL = ""
	if err := st.UpdateClient(ctx, c); err != nil {
		t.Fatal(err)
	}
	if got, err := st.GetClient(ctx, "a"); err != nil || got.PrivacyURL != "" {
		t.Fatalf("cleared: %q %v", got.PrivacyURL, err)
	}
	c.PrivacyURL = "javascript:alert(1)"
	if err := st.UpdateClient(ctx, c); err == nil {
		t.Fatal("a javascript: privacy page was stored")
	}
}
