-- Durable background jobs (fetches, callback deliveries, daily refreshes,
-- report builds, clean-ups). Workers on any instance claim them with
-- FOR UPDATE SKIP LOCKED; a running job holds a lease that a live worker
-- extends and that another worker takes over once it has lapsed.
CREATE TABLE jobs (
    id           bigserial PRIMARY KEY,
    kind         text        NOT NULL,
    key          text        NOT NULL,
    payload      jsonb       NOT NULL DEFAULT '{}',
    state        text        NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed')),
    run_at       timestamptz NOT NULL DEFAULT now(),
    attempts     integer     NOT NULL DEFAULT 0,
    max_attempts integer     NOT NULL DEFAULT 10,
    locked_by    text,
    locked_until timestamptz,
    last_error   text,
    created_at   timestamptz NOT NULL DEFAULT now(),
    finished_at  timestamptz
);

-- At most one job of a kind runs at once for one key (e.g. one fetch per connection).
CREATE UNIQUE INDEX jobs_one_running_per_key ON jobs (kind, key) WHERE state = 'running';
CREATE INDEX jobs_ready ON jobs (run_at, id) WHERE state = 'queued';
CREATE INDEX jobs_leases ON jobs (locked_until) WHERE state = 'running';
CREATE INDEX jobs_finished ON jobs (finished_at) WHERE state IN ('done', 'failed');
