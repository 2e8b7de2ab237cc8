-- Instance-wide settings shared by every server instance, such as the
-- generated session keys when SESSION_KEYS is not configured.
CREATE TABLE settings (
    name       text PRIMARY KEY,
    value      bytea NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE EXTENSION IF NOT EXISTS pg_trgm;
