package oauth

import (
	"context"
	"fmt"
	"time"
)

// FormPace is how the developer portal's forms that anyone may send
// without signing in (sign-up, password-reset requests) slow down per
// address: every request counts, 5 within the throttle's window are free,
// then each further request locks the address for 1 s, 2 s, 4 s… up to
// 15 minutes. Such a form creates an account or sends an email, so a
// stranger's burst must not turn into a flood of either.
var FormPace = Pace{Free: 5, Max: 15 * time.Minute}

// CountFormRequest counts a request to form from address under FormPace;
// while the address is locked for form it refuses (429 with RetryAfter)
// without counting. address is the client address as the sign-in takes
// it (the connection's, or the one a trusted proxy forwarded).
func (s *Server) CountFormRequest(ctx context.Context, form, address string) *Error {
	key := throttleKey{"form " + keyPart(form) + " " + throttleAddress(address), FormPace}
	records, err := s.throttleRecords(ctx, []string{key.key})
	if err != nil {
		return serverError(err)
	}
	now := s.now()
	if until := records[key.key].LockedUntil; until.After(now) {
		e := throttled(ErrInvalidRequest, until, now)
		n, unit := int(e.RetryAfter.Seconds()), "seconds"
		if n == 1 {
			unit = "second"
		}
		e.Description = fmt.Sprintf("too many requests from your address; retry after %d %s", n, unit)
		return e
	}
	return s.fail(ctx, key)
}
