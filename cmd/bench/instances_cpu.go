package main

import (
	"context"
	"os"
	"strconv"
	"time"

	"github.com/jmoiron/sqlx"
)

// serverClock reads the CPU time used by the servers this process started
// and by the database, so that the instances part can say what a request
// and a fetch cost whatever else the machine runs.
type serverClock struct{ database *cpuMeter }

// newServerClock finds the database's processes through a backend of db.
func newServerClock(ctx context.Context, db *sqlx.DB) (*serverClock, error) {
	m, err := newCPUMeter(ctx, -1, db) // no single server: used adds every child of this process
	if err != nil {
		return nil, err
	}
	return &serverClock{database: m}, nil
}

// used is the CPU time used so far by the database and by the live
// children of this process (the servers it started). Differences are
// meaningful while no server starts or stops between the two readings.
func (c *serverClock) used() time.Duration {
	_, total := c.database.used()
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return total
	}
	me := os.Getpid()
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if f, err := procStat(pid); err == nil && f.ppid == me {
			total += f.own
		}
	}
	return total
}

// perUnit is cpu spread over n units, and the units per second it allows
// on this machine's cores were they idle.
func perUnit(cpu time.Duration, n float64, cores int) (time.Duration, float64) {
	if n <= 0 || cpu <= 0 {
		return 0, 0
	}
	each := time.Duration(float64(cpu) / n)
	return each, float64(cores) * float64(time.Second) / float64(each)
}
