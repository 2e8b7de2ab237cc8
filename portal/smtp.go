package portal

import (
	"context"
	"fmt"
	"net"
	"net/smtp"
	"strings"
	"time"
)

// SMTP sends email through an SMTP server (net/smtp: STARTTLS when the
// server offers it; PLAIN authentication, which net/smtp allows only over
// TLS or to localhost).
type SMTP struct {
	Addr     string // host:port
	From     string
	Username string // empty: no authentication
	Password string
}

// Send sends a plain-text message.
func (m SMTP) Send(ctx context.Context, to, subject, body string) error {
	if strings.ContainsAny(to+subject, "\r\n") {
		return fmt.Errorf("portal: mail: a header holds a line break")
	}
	var auth smtp.Auth
	if m.Username != "" {
		host, _, _ := net.SplitHostPort(m.Addr)
		auth = smtp.PlainAuth("", m.Username, m.Password, host)
	}
	msg := fmt.Sprintf("From: %s\r\nTo: %s\r\nSubject: %s\r\nDate: %s\r\nMIME-Version: 1.0\r\n"+
		"Content-Type: text/plain; charset=utf-8\r\n\r\n%s", m.From, to, subject,
		time.Now().UTC().Format(time.RFC1123Z), strings.ReplaceAll(body, "\n", "\r\n"))
	done := make(chan error, 1)
	go func() { done <- smtp.SendMail(m.Addr, auth, m.From, []string{to}, []byte(msg)) }()
	select {
	case err := <-done:
		if err != nil {
			return fmt.Errorf("portal: mail: %w", err)
		}
		return nil
	case <-ctx.Done():
		return fmt.Errorf("portal: mail: %w", ctx.Err())
	}
}
