-- The developer portal: developers' accounts (email and password; never
-- used to authenticate an API call), their sign-in sessions, the one-time
-- links of email verification and password reset, the test applications
-- (OAuth clients) each developer owns, and the requests for production
-- access an admin approves or refuses. Session ids and link tokens are
-- stored as SHA-256 digests.
CREATE TABLE developers (
    id            bigserial PRIMARY KEY,
    email         text NOT NULL,
    password_hash text NOT NULL,
    verified_at   timestamptz,
    approved_at   timestamptz,
    approved_by   text,
    created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX developers_email ON developers (lower(email));

CREATE TABLE developer_sessions (
    digest       bytea PRIMARY KEY,
    developer_id bigint NOT NULL REFERENCES developers (id) ON DELETE CASCADE,
    expires_at   timestamptz NOT NULL
);
CREATE INDEX developer_sessions_developer ON developer_sessions (developer_id);

CREATE TABLE developer_links (
    digest       bytea PRIMARY KEY,
    developer_id bigint NOT NULL REFERENCES developers (id) ON DELETE CASCADE,
    purpose      text NOT NULL CHECK (purpose IN ('verify', 'reset')),
    expires_at   timestamptz NOT NULL,
    used_at      timestamptz
);

CREATE TABLE developer_apps (
    client_id    text PRIMARY KEY REFERENCES oauth_clients (client_id) ON DELETE CASCADE,
    developer_id bigint NOT NULL REFERENCES developers (id) ON DELETE CASCADE,
    created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX developer_apps_developer ON developer_apps (developer_id, created_at);

CREATE TABLE production_requests (
    id                   bigserial PRIMARY KEY,
    developer_id         bigint NOT NULL REFERENCES developers (id) ON DELETE CASCADE,
    test_client_id       text REFERENCES oauth_clients (client_id) ON DELETE SET NULL,
    app_name             text NOT NULL,
    products             text[] NOT NULL,
    note                 text NOT NULL DEFAULT '',
    status               text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'refused')),
    reason               text NOT NULL DEFAULT '',
    production_client_id text REFERENCES oauth_clients (client_id) ON DELETE SET NULL,
    secret_issued        boolean NOT NULL DEFAULT false,
    decided_by           text,
    decided_at           timestamptz,
    created_at           timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX production_requests_one_pending ON production_requests (test_client_id) WHERE status = 'pending';
CREATE INDEX production_requests_status ON production_requests (status, id);
CREATE INDEX production_requests_developer ON production_requests (developer_id, id);

-- Steps developers take in the portal are audited as source 'portal'.
ALTER TABLE audit_log DROP CONSTRAINT audit_log_source_check,
    ADD CONSTRAINT audit_log_source_check CHECK (source IN ('console', 'cli', 'portal'));
