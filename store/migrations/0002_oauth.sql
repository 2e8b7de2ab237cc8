-- The OAuth 2.0 / OpenID Connect authorization server: clients, users,
-- signing keys, grants (refresh-token families), refresh tokens, codes,
-- revocations shared by every instance, and login throttling.
CREATE TABLE oauth_clients (
    client_id        text PRIMARY KEY,
    name             text NOT NULL,
    secret_digest    bytea,                 -- SHA-256 of the secret; NULL for a public client
    grants           text[] NOT NULL DEFAULT '{}',
    redirect_uris    text[] NOT NULL DEFAULT '{}',
    return_origins   text[] NOT NULL DEFAULT '{}',
    callback_success text NOT NULL DEFAULT '',
    callback_failure text NOT NULL DEFAULT '',
    products         text[] NOT NULL DEFAULT '{}',
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
    username      text PRIMARY KEY,
    password_hash text NOT NULL,            -- argon2id, PHC string format
    admin         boolean NOT NULL DEFAULT false,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE oauth_keys (
    kid         text PRIMARY KEY,
    algorithm   text NOT NULL,
    private_key bytea NOT NULL,             -- PKCS #8 DER
    active_from timestamptz NOT NULL,       -- signs from then until a newer key is active
    created_at  timestamptz NOT NULL DEFAULT now()
);

-- A grant is one authorization of a client (for a user): every refresh token
-- and access token issued from it belongs to it, and revoking it revokes them.
CREATE TABLE oauth_grants (
    grant_id   text PRIMARY KEY,
    client_id  text NOT NULL REFERENCES oauth_clients ON DELETE CASCADE,
    username   text NOT NULL,
    scope      text NOT NULL,
    auth_time  timestamptz NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    revoked_at timestamptz
);
CREATE INDEX oauth_grants_client ON oauth_grants (client_id);

CREATE TABLE oauth_refresh_tokens (
    digest     bytea PRIMARY KEY,           -- SHA-256 of the opaque token
    grant_id   text NOT NULL REFERENCES oauth_grants ON DELETE CASCADE,
    client_id  text NOT NULL,
    expires_at timestamptz NOT NULL,
    spent_at   timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX oauth_refresh_tokens_grant ON oauth_refresh_tokens (grant_id);
CREATE INDEX oauth_refresh_tokens_expiry ON oauth_refresh_tokens (expires_at);

CREATE TABLE oauth_codes (
    digest         bytea PRIMARY KEY,       -- SHA-256 of the code
    client_id      text NOT NULL REFERENCES oauth_clients ON DELETE CASCADE,
    username       text NOT NULL,
    redirect_uri   text NOT NULL,
    challenge      text NOT NULL,
    scope          text NOT NULL,
    nonce          text NOT NULL DEFAULT '',
    auth_time      timestamptz NOT NULL,
    expires_at     timestamptz NOT NULL,
    redeemed_at    timestamptz,
    grant_id       text                     -- the grant the redemption created
);
CREATE INDEX oauth_codes_expiry ON oauth_codes (expires_at);

-- Revocations every instance keeps in memory: "grant:<id>" or
-- "client:<id>", until no token they cover can still be valid.
CREATE TABLE oauth_revocations (
    key        text PRIMARY KEY,
    expires_at timestamptz NOT NULL,
    created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX oauth_revocations_created ON oauth_revocations (created_at);

-- Failed password checks per username and failed client authentications
-- per client id: "user:<name>" or "client:<id>".
CREATE TABLE auth_throttle (
    key          text PRIMARY KEY,
    failures     integer NOT NULL,
    first_at     timestamptz NOT NULL,
    locked_until timestamptz NOT NULL
);
