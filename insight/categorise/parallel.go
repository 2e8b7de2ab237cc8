package categorise

import (
	"runtime"
	"sync"
)

// parallelMin is the fewest transactions per goroutine worth starting one
// for when a history is read and decided.
const parallelMin = 2000

// inParallel runs fn over [0, n) in contiguous chunks, one per processor,
// when n is large enough to pay for the goroutines; else in one call.
func inParallel(n int, fn func(lo, hi int)) {
	workers := min(runtime.GOMAXPROCS(0), n/parallelMin)
	if workers <= 1 {
		fn(0, n)
		return
	}
	var wg sync.WaitGroup
	for w := range workers {
		lo, hi := n*w/workers, n*(w+1)/workers
		wg.Go(func() { fn(lo, hi) })
	}
	wg.Wait()
}
