package web

import (
	"bufio"
	"net"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// mailbox is a tiny SMTP server that keeps every message it receives.
type mailbox struct {
	ln   net.Listener
	mu   sync.Mutex
	msgs []string
}

func newMailbox(t *testing.T) *mailbox {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	m := &mailbox{ln: ln}
	t.Cleanup(func() { ln.Close() })
	go m.serve()
	return m
}

func (m *mailbox) addr() string { return m.ln.Addr().String() }

func (m *mailbox) serve() {
	for {
		conn, err := m.ln.Accept()
		if err != nil {
			return
		}
		go m.session(conn)
	}
}

// session speaks just enough SMTP for net/smtp.SendMail.
func (m *mailbox) session(conn net.Conn) {
	defer conn.Close()
	r := bufio.NewReader(conn)
	say := func(s string) { conn.Write([]byte(s + "\r\n")) }
	say("220 mailbox ready")
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return
		}
		switch cmd := strings.ToUpper(strings.TrimSpace(line)); {
		case strings.HasPrefix(cmd, "EHLO"), strings.HasPrefix(cmd, "HELO"):
			say("250 mailbox")
		case cmd == "DATA":
			say("354 go on")
			var msg strings.Builder
			for {
				l, err := r.ReadString('\n')
				if err != nil {
					return
				}
				if l == ".\r\n" {
					break
				}
				msg.WriteString(l)
			}
			m.mu.Lock()
			m.msgs = append(m.msgs, msg.String())
			m.mu.Unlock()
			say("250 queued")
		case cmd == "QUIT":
			say("221 bye")
			return
		default:
			say("250 ok")
		}
	}
}

var mailedLink = regexp.MustCompile(`https?://\S+/portal/(verify|reset/confirm)\?token=[A-Za-z0-9_-]+`)

// link waits for a message to to and returns the portal link in it.
func (m *mailbox) link(t *testing.T, to string) string {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		m.mu.Lock()
		for i := len(m.msgs) - 1; i >= 0; i-- {
			if strings.Contains(m.msgs[i], "To: "+to) {
				link := mailedLink.FindString(m.msgs[i])
				m.msgs = append(m.msgs[:i], m.msgs[i+1:]...)
				m.mu.Unlock()
				return link
			}
		}
		m.mu.Unlock()
	}
	t.Fatalf("no mail to %s", to)
	return ""
}

// message waits for a message to to and returns it whole.
func (m *mailbox) message(t *testing.T, to string) string {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		m.mu.Lock()
		for i := len(m.msgs) - 1; i >= 0; i-- {
			if msg := m.msgs[i]; strings.Contains(msg, "To: "+to) {
				m.msgs = append(m.msgs[:i], m.msgs[i+1:]...)
				m.mu.Unlock()
				return msg
			}
		}
		m.mu.Unlock()
	}
	t.Fatalf("no mail to %s", to)
	return ""
}
