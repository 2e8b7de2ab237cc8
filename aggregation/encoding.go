package aggregation

import (
	"encoding/json"
	"fmt"

	"openbank/banks"
	"openbank/store"
)

// encode is the JSON the store keeps of v.
func encode(v any) (json.RawMessage, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("aggregation: encode %T: %w", v, err)
	}
	return b, nil
}

// encodeFields is the stored form of callback fields; nil is stored as {}.
func encodeFields(m map[string]string) (json.RawMessage, error) {
	return encode(nonNil(m))
}

// decodeFields reads stored callback fields.
func decodeFields(raw json.RawMessage) (map[string]string, error) {
	m := map[string]string{}
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, fmt.Errorf("aggregation: callback fields: %w", err)
	}
	return m, nil
}

// authorisationOf reads the bank's authorisation kept with a consent.
func authorisationOf(k *store.BankConsent) (banks.Authorisation, error) {
	var auth banks.Authorisation
	if err := json.Unmarshal(k.Authorisation, &auth); err != nil {
		return auth, fmt.Errorf("aggregation: authorisation of consent %d: %w", k.ID, err)
	}
	return auth, nil
}

func nonNil(m map[string]string) map[string]string {
	if m == nil {
		return map[string]string{}
	}
	return m
}
