package web

import (
	"github.com/prometheus/client_golang/prometheus"

	"openbank/store"
)

// poolCollector exports the store's connection pool figures under the
// names of client_golang's database/sql collector (go_sql_…).
type poolCollector struct {
	st    *store.Store
	descs []poolFigure
}

// poolFigure is one exported figure of the pool.
type poolFigure struct {
	desc  *prometheus.Desc
	kind  prometheus.ValueType
	value func(store.PoolStats) float64
}

func newPoolCollector(st *store.Store, dbName string) *poolCollector {
	labels := prometheus.Labels{"db_name": dbName}
	figure := func(name, help string, kind prometheus.ValueType, value func(store.PoolStats) float64) poolFigure {
		return poolFigure{desc: prometheus.NewDesc("go_sql_"+name, help, nil, labels), kind: kind, value: value}
	}
	gauge, counter := prometheus.GaugeValue, prometheus.CounterValue
	return &poolCollector{st: st, descs: []poolFigure{
		figure("max_open_connections", "Maximum number of open connections to the database.", gauge,
			func(s store.PoolStats) float64 { return float64(s.MaxOpenConnections) }),
		figure("open_connections", "The number of established connections both in use and idle.", gauge,
			func(s store.PoolStats) float64 { return float64(s.OpenConnections) }),
		figure("in_use_connections", "The number of connections currently in use.", gauge,
			func(s store.PoolStats) float64 { return float64(s.InUse) }),
		figure("idle_connections", "The number of idle connections.", gauge,
			func(s store.PoolStats) float64 { return float64(s.Idle) }),
		figure("wait_count_total", "The total number of connections waited for.", counter,
			func(s store.PoolStats) float64 { return float64(s.WaitCount) }),
		figure("wait_duration_seconds_total", "The total time blocked waiting for a new connection.", counter,
			func(s store.PoolStats) float64 { return s.WaitDuration.Seconds() }),
		figure("max_idle_closed_total", "The total number of connections closed due to SetMaxIdleConns.", counter,
			func(s store.PoolStats) float64 { return float64(s.MaxIdleClosed) }),
		figure("max_lifetime_closed_total", "The total number of connections closed due to SetConnMaxLifetime.", counter,
			func(s store.PoolStats) float64 { return float64(s.MaxLifetimeClosed) }),
		figure("max_idle_time_closed_total", "The total number of connections closed due to SetConnMaxIdleTime.", counter,
			func(s store.PoolStats) float64 { return float64(s.MaxIdleTimeClosed) }),
	}}
}

// Describe implements prometheus.Collector.
func (c *poolCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, f := range c.descs {
		ch <- f.desc
	}
}

// Collect implements prometheus.Collector.
func (c *poolCollector) Collect(ch chan<- prometheus.Metric) {
	stats := c.st.Stats()
	for _, f := range c.descs {
		ch <- prometheus.MustNewConstMetric(f.desc, f.kind, f.value(stats))
	}
}
