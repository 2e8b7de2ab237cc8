package web

import (
	"slices"
	"strconv"
	"strings"

	"openbank/egress"
)

// Outbound is the policy every callback URL is checked against, at
// registration (server, console, command line) and at delivery.
func (c Config) Outbound() egress.Policy {
	return egress.Policy{AllowPrivate: c.CallbackAllowPrivate, Ports: c.CallbackPorts}
}

// ports reads a comma-separated list of TCP ports (1-65535), sorted and
// without repeats.
func (r *envReader) ports(name string) []int {
	v := r.str(name, "")
	if v == "" {
		return nil
	}
	var out []int
	for _, p := range strings.Split(v, ",") {
		p = strings.TrimSpace(p)
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > 65535 {
			r.fail(name, p, "must be a comma-separated list of ports from 1 to 65535, e.g. 8443,9443")
			continue
		}
		out = append(out, n)
	}
	slices.Sort(out)
	return slices.Compact(out)
}
