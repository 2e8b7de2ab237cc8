package web

import (
	"net"

	"github.com/gin-gonic/gin"

	"openbank/banks"
)

// presentSubject marks the request's context with the subject's details
// (PSU-IP-Address and the other PSU headers a bank is told while the
// subject is present): on the pages subjects open themselves.
func presentSubject(c *gin.Context) {
	r := c.Request
	psu := banks.PSU{IPAddress: c.ClientIP(), UserAgent: r.UserAgent(), Accept: r.Header.Get("Accept"),
		AcceptLanguage: r.Header.Get("Accept-Language")}
	if _, port, err := net.SplitHostPort(r.RemoteAddr); err == nil && c.RemoteIP() == psu.IPAddress {
		psu.IPPort = port
	}
	c.Request = r.WithContext(banks.WithPSU(r.Context(), psu))
	c.Next()
}
