-- The FAPI 2.0 Security Profile, per client. A client's security settings
-- live in a table of their own beside oauth_clients: a client without a row
-- behaves as before (client secret or public, bearer tokens).
CREATE TABLE oauth_client_security (
    client_id   text PRIMARY KEY REFERENCES oauth_clients ON DELETE CASCADE,
    profile     text NOT NULL DEFAULT '' CHECK (profile IN ('', 'fapi2')),
    auth_method text NOT NULL DEFAULT ''      -- '' (secret or none), private_key_jwt, tls_client_auth
        CHECK (auth_method IN ('', 'private_key_jwt', 'tls_client_auth')),
    require_par boolean NOT NULL DEFAULT false,
    require_dpop boolean NOT NULL DEFAULT false, -- every token of the client must be DPoP-bound
    jwks        text NOT NULL DEFAULT '',      -- the client's public keys (a JWK Set), or ''
    jwks_uri    text NOT NULL DEFAULT '',      -- where to fetch them, or ''
    tls_subject text NOT NULL DEFAULT '',      -- tls_client_auth: the certificate's subject DN
    updated_at  timestamptz NOT NULL DEFAULT now()
);

-- Pushed authorization requests (RFC 9126). The request_uri is redeemed
-- once (redeemed_at); the interaction it starts goes on under its own
-- handle until a code is issued (finished_at).
CREATE TABLE oauth_pushed_requests (
    digest       bytea PRIMARY KEY,             -- SHA-256 of the request_uri's secret part
    client_id    text NOT NULL REFERENCES oauth_clients ON DELETE CASCADE,
    params       jsonb NOT NULL,                -- the pushed parameters
    expires_at   timestamptz NOT NULL,          -- of the request_uri, then of the interaction
    redeemed_at  timestamptz,
    handle       bytea UNIQUE,                  -- SHA-256 of the interaction's handle
    finished_at  timestamptz
);
CREATE INDEX oauth_pushed_requests_expiry ON oauth_pushed_requests (expires_at);

-- One-time values seen by any instance: DPoP proof and client assertion
-- jtis ("dpop:<jkt>:<jti>", "assertion:<client>:<jti>"), kept until they
-- could no longer be accepted.
CREATE TABLE oauth_seen_jtis (
    key        text PRIMARY KEY,
    expires_at timestamptz NOT NULL
);
CREATE INDEX oauth_seen_jtis_expiry ON oauth_seen_jtis (expires_at);

-- Sender-constrained grants: the refresh tokens of a grant bound to a DPoP
-- key (its JWK thumbprint) or a client certificate (its SHA-256) need the
-- same key or certificate to be spent.
ALTER TABLE oauth_grants
    ADD COLUMN cnf_jkt text NOT NULL DEFAULT '',
    ADD COLUMN cnf_x5t text NOT NULL DEFAULT '';

-- A code bound to a DPoP key (dpop_jkt of the authorization request) can
-- only be redeemed with a proof of that key.
ALTER TABLE oauth_codes ADD COLUMN dpop_jkt text NOT NULL DEFAULT '';
