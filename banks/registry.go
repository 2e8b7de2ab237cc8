package banks

import "strings"

// Registry lists the providers the server can connect to.
type Registry struct {
	byCode    map[string]Provider
	byCountry map[string][]Provider
	all       []Provider
}

// NewRegistry builds a registry; providers keep the order given within a country.
func NewRegistry(providers ...Provider) *Registry {
	r := &Registry{byCode: map[string]Provider{}, byCountry: map[string][]Provider{}}
	for _, p := range providers {
		r.Add(p)
	}
	return r
}

// Country lists the providers of a country code (case-insensitive); XF gives the mock banks.
func (r *Registry) Country(code string) []Provider {
	list := r.byCountry[strings.ToUpper(code)]
	return append([]Provider(nil), list...)
}

// Bank finds a provider by its code.
func (r *Registry) Bank(code string) (Provider, error) {
	p, ok := r.byCode[code]
	if !ok {
		return nil, ErrUnknownBank
	}
	return p, nil
}

// Add registers another provider after the registry was built, e.g. a
// fake real bank in a test; it must happen before the server serves.
func (r *Registry) Add(p Provider) {
	info := p.Info()
	r.byCode[info.Code] = p
	country := strings.ToUpper(info.Country)
	r.byCountry[country] = append(r.byCountry[country], p)
	r.all = append(r.all, p)
}

// All lists every provider in the order given.
func (r *Registry) All() []Provider { return append([]Provider(nil), r.all...) }
