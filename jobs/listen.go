package jobs

import (
	"log/slog"
	"time"

	"github.com/lib/pq"

	"openbank/store"
)

// listen turns NOTIFY into wake-ups. Notifications may be lost on
// reconnect; the poll interval covers that.
func (p *Pool) listen() func() {
	if p.opts.ListenDSN == "" {
		return func() {}
	}
	l := pq.NewListener(p.opts.ListenDSN, time.Second, time.Minute, nil)
	if err := l.Listen(store.JobsChannel); err != nil {
		slog.Warn("jobs: listen failed; polling only", "error", err)
		_ = l.Close()
		return func() {}
	}
	done := make(chan struct{})
	go func() {
		for {
			select {
			case <-done:
				return
			case <-l.Notify:
				select {
				case p.wake <- struct{}{}:
				default:
				}
			}
		}
	}()
	return func() { close(done); _ = l.Close() }
}
