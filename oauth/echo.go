package oauth

import (
	"time"
)

// expectEcho returns a channel closed when this instance's listener has
// received the notification of key, or nil when nothing listens. A
// notification reaches every listener at once, so once this instance has it
// the others have it too: waiting for it before answering a revocation lets
// every instance refuse the token on its next call.
func (r *revocations) expectEcho(key string) chan struct{} {
	if r.dsn == "" {
		return nil
	}
	ch := make(chan struct{})
	r.echoMu.Lock()
	r.echoes[key] = append(r.echoes[key], ch)
	r.echoMu.Unlock()
	return ch
}

// echo wakes the waiters for key.
func (r *revocations) echo(key string) {
	r.echoMu.Lock()
	chs := r.echoes[key]
	delete(r.echoes, key)
	r.echoMu.Unlock()
	for _, ch := range chs {
		close(ch)
	}
}

// awaitEcho waits for ch for at most a second; a lost notification is
// covered by the other instances' polling.
func awaitEcho(ch chan struct{}) {
	if ch == nil {
		return
	}
	select {
	case <-ch:
	case <-time.After(time.Second):
	}
}
