package aggregation

import (
	"context"
	"errors"
	"fmt"

	"openbank/egress"
)

// FieldError is a request field the aggregation's rules refuse; Problem
// is said to the caller as it is.
type FieldError struct {
	Field   string
	Problem string
	err     error // a sentinel the refusal also matches, or nil
}

func (e *FieldError) Error() string { return e.Field + ": " + e.Problem }

// Unwrap is the sentinel the refusal matches, if any.
func (e *FieldError) Unwrap() error { return e.err }

// CheckCallbackFields enforces the specification's limit of 10 pairs and
// sane sizes, for connections, refetches and widgets alike.
func CheckCallbackFields(m map[string]string) error {
	if len(m) > MaxCallbackFields {
		return &FieldError{Field: "callbackFields", err: ErrTooManyCallbackFields,
			Problem: fmt.Sprintf("at most %d key-value pairs are allowed, got %d", MaxCallbackFields, len(m))}
	}
	for k, v := range m {
		if k == "" || len(k) > 64 || len(v) > 512 {
			return &FieldError{Field: "callbackFields", Problem: "keys must be 1-64 characters and values at most 512"}
		}
	}
	return nil
}

// CheckCallbackURL checks a callback URL a client registers (field names
// it in the refusal) against the outbound-request policy, looking its name
// up: the command line, the console and any API that takes one call it.
// Deliveries check again when they dial.
func CheckCallbackURL(ctx context.Context, p egress.Policy, field, raw string) error {
	if raw == "" {
		return nil
	}
	err := p.CheckTarget(ctx, raw)
	var r *egress.Refusal
	if errors.As(err, &r) {
		return &FieldError{Field: field, Problem: r.Reason, err: err}
	}
	return err
}

// CheckCallbackURL checks a callback URL a client registers against the
// service's outbound policy, as the package's CheckCallbackURL does.
func (s *Service) CheckCallbackURL(ctx context.Context, field, raw string) error {
	return CheckCallbackURL(ctx, s.Outbound, field, raw)
}

// AccessOf validates the access mode (default one_time) and the consent
// duration in days (recurring only, 1 to 180, default 90), for connections
// and widgets alike.
func AccessOf(access string, days *int) (string, int, error) {
	switch access {
	case "":
		access = OneTime
	case OneTime, Recurring:
	default:
		return "", 0, &FieldError{Field: "access", Problem: "must be one_time or recurring", err: ErrInvalidAccess}
	}
	if days == nil {
		return access, DefaultRecurringDays, nil
	}
	if *days < 1 || *days > 180 || access == OneTime {
		return "", 0, &FieldError{Field: "consentDays", Problem: "applies to recurring access only and must be from 1 to 180"}
	}
	return access, *days, nil
}
