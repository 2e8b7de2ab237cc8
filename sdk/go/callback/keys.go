package callback

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"

	"github.com/go-jose/go-jose/v4"
)

// key finds the public key kid in the server's key set, reading the set
// again when kid is new (the server has rotated its keys).
func (v *Verifier) key(ctx context.Context, kid string) (*jose.JSONWebKey, error) {
	v.mu.Lock()
	defer v.mu.Unlock()
	if k := v.cached(kid); k != nil {
		return k, nil
	}
	set, err := v.fetch(ctx)
	if err != nil {
		return nil, err
	}
	v.keys = set
	if k := v.cached(kid); k != nil {
		return k, nil
	}
	return nil, fmt.Errorf("%w: no key %q in %s", ErrInvalid, kid, v.JWKSURL)
}

func (v *Verifier) cached(kid string) *jose.JSONWebKey {
	if v.keys == nil {
		return nil
	}
	for _, k := range v.keys.Key(kid) {
		if k.Valid() && k.IsPublic() {
			return &k
		}
	}
	return nil
}

// fetch reads the key set at JWKSURL.
func (v *Verifier) fetch(ctx context.Context) (*jose.JSONWebKeySet, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, v.JWKSURL, nil)
	if err != nil {
		return nil, fmt.Errorf("callback: key set: %w", err)
	}
	hc := v.HTTPClient
	if hc == nil {
		hc = http.DefaultClient
	}
	res, err := hc.Do(req)
	if err != nil {
		return nil, fmt.Errorf("callback: key set: %w", err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("callback: key set: %s answered %d", v.JWKSURL, res.StatusCode)
	}
	body, err := io.ReadAll(io.LimitReader(res.Body, 1<<20))
	if err != nil {
		return nil, fmt.Errorf("callback: key set: %w", err)
	}
	var set jose.JSONWebKeySet
	if err := json.Unmarshal(body, &set); err != nil {
		return nil, fmt.Errorf("callback: key set: %w", err)
	}
	return &set, nil
}
