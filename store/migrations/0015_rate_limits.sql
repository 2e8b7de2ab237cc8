-- Rate limits of the JSON APIs. Each instance keeps its token buckets in
-- memory and enforces its share of a client's limit: the limit divided by
-- the instances alive, which announce themselves here every few seconds.
-- A client's own limit (requests per RATE_LIMIT_WINDOW) is stored with the
-- client; 0 means the server's default, RATE_LIMIT_REQUESTS.
ALTER TABLE oauth_clients ADD COLUMN rate_limit integer NOT NULL DEFAULT 0 CHECK (rate_limit >= 0);

CREATE TABLE rate_limit_instances (
    instance_id text        PRIMARY KEY, -- random per process start
    seen_at     timestamptz NOT NULL DEFAULT now()
);
