package egress

import (
	"slices"
	"strconv"
)

// DefaultPort is the one port a callback URL may name unless the operator
// lists others: https's own.
const DefaultPort = 443

// checkPort refuses a port other than 443 and the policy's Ports; an empty
// port (the scheme's own) is allowed.
func (p Policy) checkPort(port string) error {
	if port == "" {
		return nil
	}
	n, err := strconv.Atoi(port)
	if err != nil || n < 1 || n > 65535 {
		return refuse("port " + port + " is not a valid port")
	}
	if n == DefaultPort || slices.Contains(p.Ports, n) {
		return nil
	}
	return refuse("port " + strconv.Itoa(n) + " is not allowed: use 443, or ask the operator to list it in CALLBACK_ALLOWED_PORTS")
}
