package main

import (
	"time"

	"golang.org/x/sys/unix"
)

// processClock reads the CPU time pid has used so far, all its threads,
// user and system, in nanoseconds: its CPU-time clock
// (clock_getcpuclockid(3)), finer than the ticks of /proc/<pid>/stat,
// which a slice of an interleaved pair needs. It reads 0 once pid is gone.
func processClock(pid int) func() time.Duration {
	id := ^int32(pid)<<3 | 2 // MAKE_PROCESS_CPUCLOCK(pid, CPUCLOCK_SCHED)
	return func() time.Duration {
		var ts unix.Timespec
		if err := unix.ClockGettime(id, &ts); err != nil {
			return 0
		}
		return time.Duration(ts.Nano())
	}
}
