-- The admin console: its revocable sign-in sessions, the audit log of every
-- change made in the console or by the command line, and the indexes of the
-- console's lists and dashboard.

-- A console session: the browser's cookie holds only the random id, the row
-- holds its digest, so ending the row signs the browser out everywhere.
CREATE TABLE console_sessions (
    id_digest   bytea       PRIMARY KEY,           -- SHA-256 of the cookie's id
    username    text        NOT NULL,              -- the issuer's subject
    external    boolean     NOT NULL DEFAULT false, -- signed in at an external issuer
    address     text        NOT NULL DEFAULT '',
    created_at  timestamptz NOT NULL,
    last_seen   timestamptz NOT NULL,
    expires_at  timestamptz NOT NULL,              -- the absolute time-out
    ended_at    timestamptz
);
CREATE INDEX console_sessions_recent ON console_sessions (created_at DESC);
CREATE INDEX console_sessions_username ON console_sessions (username) WHERE ended_at IS NULL;

-- The audit log: who changed what, when, and the record before and after.
CREATE TABLE audit_log (
    id      bigserial   PRIMARY KEY,
    at      timestamptz NOT NULL DEFAULT now(),
    actor   text        NOT NULL,                  -- a username, or "cli:<os user>"
    source  text        NOT NULL CHECK (source IN ('console', 'cli')),
    action  text        NOT NULL,                  -- e.g. showcase.create
    target  text        NOT NULL,                  -- e.g. showcase/alpha
    before  jsonb,
    after   jsonb
);
CREATE INDEX audit_log_actor ON audit_log (actor, id DESC);
CREATE INDEX audit_log_action ON audit_log (action, id DESC);
CREATE INDEX audit_log_target_trgm ON audit_log USING gin (target gin_trgm_ops);

-- The console's lists: every owner's showcases by name (the primary key)
-- and by validity, and the dashboard's failures of the last day.
CREATE INDEX showcases_valid_from ON showcases (valid_from, name);
CREATE INDEX showcases_valid_to ON showcases (valid_to, name);
CREATE INDEX fetches_failed ON fetches (finished_at DESC) WHERE status = 'failed';
CREATE INDEX callbacks_failed ON callbacks (created_at DESC) WHERE status = 'failed';
CREATE INDEX callback_attempts_recent ON callback_attempts (attempted_at DESC);
