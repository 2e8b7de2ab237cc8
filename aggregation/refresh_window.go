package aggregation

import (
	"context"
	"math/rand/v2"
	"time"

	"openbank/store"
)

// refreshBatch is how many daily fetches one statement queues.
const refreshBatch = 500

// spread returns when each of n fetches runs, from now over window: the
// window is cut into n equal slots and each fetch runs at a moment of its
// own slot drawn by jitter (a uniform draw from [0, k)), so that the banks
// see an even flow rather than a queue at midnight, and two days' or two
// instances' schedules never line up. A window of 0 runs them all now.
func spread(now time.Time, n int, window time.Duration, jitter func(int64) int64) []time.Time {
	out := make([]time.Time, n)
	slot := int64(0)
	if n > 0 {
		slot = int64(window) / int64(n)
	}
	for i := range out {
		at := now.Add(time.Duration(int64(i) * slot))
		if slot > 0 {
			at = at.Add(time.Duration(jitter(slot)))
		}
		out[i] = at
	}
	return out
}

// queueDaily queues a daily fetch of each connection, spread over the
// refresh window, in batches of one statement each.
func (s *Service) queueDaily(ctx context.Context, now time.Time, ids []int64) (int, error) {
	times := spread(now, len(ids), s.Fetching.RefreshWindow, rand.Int64N) //nolint:gosec // G404: spreads load; not a secret
	queued := 0
	for start := 0; start < len(ids); start += refreshBatch {
		end := min(start+refreshBatch, len(ids))
		due := make([]store.ScheduledFetch, 0, end-start)
		for i := start; i < end; i++ {
			due = append(due, store.ScheduledFetch{ConnectionID: ids[i], RunAt: times[i]})
		}
		n, err := s.Store.QueueFetches(ctx, "daily", due, FetchMaxAttempts)
		if err != nil {
			return queued, err
		}
		queued += n
	}
	return queued, nil
}
