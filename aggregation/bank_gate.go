package aggregation

import (
	"context"
	"sort"
	"sync"
	"sync/atomic"
)

// DefaultBankConcurrency is BankGate's limit when it is given none.
const DefaultBankConcurrency = 500

// BankGate limits the fetches waiting on each bank at once in this process
// and counts what the banks answered. The nil *BankGate limits and counts
// nothing.
type BankGate struct {
	limit int
	mu    sync.Mutex
	banks map[string]*bankLine
}

// NewBankGate lets up to limit fetches wait on each bank at once; 0:
// DefaultBankConcurrency.
func NewBankGate(limit int) *BankGate {
	if limit <= 0 {
		limit = DefaultBankConcurrency
	}
	return &BankGate{limit: limit, banks: map[string]*bankLine{}}
}

// bankLine is one bank's limit and figures; the nil *bankLine does nothing.
type bankLine struct {
	slots     chan struct{} // one per fetch waiting on the bank
	throttled atomic.Int64  // "too many requests" answers met
}

// line is a bank's line, made on first use.
func (g *BankGate) line(code string) *bankLine {
	if g == nil {
		return nil
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	b, ok := g.banks[code]
	if !ok {
		b = &bankLine{slots: make(chan struct{}, g.limit)}
		g.banks[code] = b
	}
	return b
}

// enter waits for room at the bank.
func (b *bankLine) enter(ctx context.Context) error {
	if b == nil {
		return nil
	}
	select {
	case b.slots <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// leave gives the room back.
func (b *bankLine) leave() {
	if b != nil {
		<-b.slots
	}
}

// throttle counts a "too many requests" answer.
func (b *bankLine) throttle() {
	if b != nil {
		b.throttled.Add(1)
	}
}

// BankFigure is one bank's fetch figures in this process.
type BankFigure struct {
	Bank      string
	InFlight  int   // fetches waiting on the bank now
	Throttled int64 // "too many requests" answers met since start
}

// Figures are the figures of every bank fetched from since start, by code.
func (g *BankGate) Figures() []BankFigure {
	if g == nil {
		return nil
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	out := make([]BankFigure, 0, len(g.banks))
	for code, b := range g.banks {
		out = append(out, BankFigure{Bank: code, InFlight: len(b.slots), Throttled: b.throttled.Load()})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Bank < out[j].Bank })
	return out
}
