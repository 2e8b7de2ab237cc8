// Package requestid carries the request id (and the aggregation API's group
// id) in a context and adds them to every log line written with it.
package requestid

import (
	"context"
	"log/slog"
)

type key struct{}

type groupKey struct{}

// With returns ctx carrying the request id.
func With(ctx context.Context, id string) context.Context {
	return &idContext{Context: ctx, id: id}
}

// From returns the request id carried by ctx, or "".
func From(ctx context.Context) string {
	if c, ok := ctx.Value(key{}).(*idContext); ok {
		return c.id
	}
	return ""
}

// idContext is a context carrying a request id: one allocation per
// request, where context.WithValue makes two (the context, and the id put
// in an interface).
type idContext struct {
	context.Context
	id string
}

// Value answers the key of the request id with the context itself, which
// From reads the id from; every other key goes to the parent.
func (c *idContext) Value(k any) any {
	if k == (key{}) {
		return c
	}
	return c.Context.Value(k)
}

// WithGroup returns ctx carrying the group id of a customer journey.
func WithGroup(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, groupKey{}, id)
}

// LogHandler adds a request_id attribute to records logged with a context
// that carries one.
type LogHandler struct{ slog.Handler }

// Handle implements slog.Handler.
func (h LogHandler) Handle(ctx context.Context, r slog.Record) error {
	if id := From(ctx); id != "" {
		r.AddAttrs(slog.String("request_id", id))
	}
	if gid, _ := ctx.Value(groupKey{}).(string); gid != "" {
		r.AddAttrs(slog.String("group_id", gid))
	}
	return h.Handler.Handle(ctx, r)
}

// WithAttrs implements slog.Handler.
func (h LogHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	return LogHandler{h.Handler.WithAttrs(attrs)}
}

// WithGroup implements slog.Handler.
func (h LogHandler) WithGroup(name string) slog.Handler {
	return LogHandler{h.Handler.WithGroup(name)}
}
