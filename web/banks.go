package web

import (
	"openbank/banks"
	"openbank/banks/xs2a"
)

// providers are the banks the server connects to: the mock banks, each
// replaced by the directory's entry of its code if there is one (the
// sandbox's), then the directory's other banks.
func (s *Server) providers() ([]banks.Provider, error) {
	entries := map[string]xs2a.Bank{}
	for _, b := range s.cfg.Banks {
		if _, dup := entries[b.Code]; !dup {
			entries[b.Code] = b
		}
	}
	var out []banks.Provider
	for _, p := range banks.MockBanks(banks.Options{Now: s.clock, SlowFetch: s.cfg.SlowFetch}) {
		if b, ok := entries[p.Info().Code]; ok {
			p = nil
			c, err := xs2a.New(b, xs2a.Options{Now: s.clock})
			if err != nil {
				return nil, err
			}
			delete(entries, b.Code)
			out = append(out, c)
			continue
		}
		out = append(out, p)
	}
	for _, b := range s.cfg.Banks {
		if _, ok := entries[b.Code]; !ok {
			continue
		}
		delete(entries, b.Code)
		c, err := xs2a.New(b, xs2a.Options{Now: s.clock})
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}
