package main

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"
)

// clockTick is the unit of the CPU times in /proc/<pid>/stat (USER_HZ).
const clockTick = 10 * time.Millisecond

// cpuMeter reads the CPU time the server and the database's processes
// have used, so that a row can say what one fetch costs whatever else the
// machine runs: on a busy machine wall times lie, CPU times do not.
type cpuMeter struct {
	server     int // the server's pid
	postmaster int // the database's postmaster pid
}

// newCPUMeter finds the postmaster as the parent of one of db's backends.
func newCPUMeter(ctx context.Context, server int, db *sqlx.DB) (*cpuMeter, error) {
	var backend int
	if err := db.GetContext(ctx, &backend, `SELECT pg_backend_pid()`); err != nil {
		return nil, err
	}
	f, err := procStat(backend)
	if err != nil {
		return nil, err
	}
	return &cpuMeter{server: server, postmaster: f.ppid}, nil
}

// used is the CPU time used so far: the server's, the postmaster's with
// its ended children's, and its live children's.
func (m *cpuMeter) used() (server, database time.Duration) {
	if f, err := procStat(m.server); err == nil {
		server = f.own
	}
	if f, err := procStat(m.postmaster); err == nil {
		database = f.own + f.children
	}
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return server, database
	}
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if f, err := procStat(pid); err == nil && f.ppid == m.postmaster {
			database += f.own
		}
	}
	return server, database
}

// stat is what the meter reads of /proc/<pid>/stat.
type stat struct {
	ppid          int
	own, children time.Duration // utime+stime, cutime+cstime
}

func procStat(pid int) (stat, error) {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return stat{}, err
	}
	s := string(raw)
	fields := strings.Fields(s[strings.LastIndexByte(s, ')')+2:]) // fields from the 3rd (state) on
	if len(fields) < 15 {
		return stat{}, fmt.Errorf("/proc/%d/stat: %d fields", pid, len(fields))
	}
	n := func(i int) int64 { v, _ := strconv.ParseInt(fields[i-3], 10, 64); return v }
	return stat{ppid: int(n(4)), own: time.Duration(n(14)+n(15)) * clockTick, children: time.Duration(n(16)+n(17)) * clockTick}, nil
}

// cpuSpent is the CPU time a phase used.
type cpuSpent struct{ server, database time.Duration }

// perFetch is the CPU time of one fetch, in milliseconds.
func (c cpuSpent) perFetch(fetches int) float64 {
	if fetches == 0 {
		return 0
	}
	return float64(c.server+c.database) / float64(time.Millisecond) / float64(fetches)
}

// split names the server's and the database's shares of one fetch.
func (c cpuSpent) split(fetches int) string {
	if fetches == 0 {
		return ""
	}
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) / float64(fetches) }
	return fmt.Sprintf("%.2f+%.2f", ms(c.server), ms(c.database))
}

// measure runs phase and returns the CPU time it used.
func (m *cpuMeter) measure(phase func() error) (cpuSpent, error) {
	s0, d0 := m.used()
	err := phase()
	s1, d1 := m.used()
	return cpuSpent{server: s1 - s0, database: d1 - d0}, err
}

// childServer is the pid of this process's child running binary's name,
// when there is exactly one; 0 otherwise.
func childServer(name string) int {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return 0
	}
	found := 0
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		comm, err := os.ReadFile(fmt.Sprintf("/proc/%d/comm", pid))
		if f, e2 := procStat(pid); err == nil && e2 == nil && f.ppid == os.Getpid() && strings.TrimSpace(string(comm)) == name {
			if found != 0 {
				return 0
			}
			found = pid
		}
	}
	return found
}
