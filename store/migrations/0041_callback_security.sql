-- How Openbank authenticates itself to a client's callback endpoints,
-- besides its signatures and the static secret the callback URL may carry:
-- mutual TLS with the operator's client certificate, and an OAuth 2.0
-- client-credentials token from the client's own token endpoint. The
-- token endpoint's secret is sealed with SECRETS_KEY like every secret.
CREATE TABLE callback_security (
    client_id       text PRIMARY KEY REFERENCES oauth_clients (client_id) ON DELETE CASCADE,
    mtls            boolean NOT NULL DEFAULT false,
    token_url       text NOT NULL DEFAULT '',
    token_client_id text NOT NULL DEFAULT '',
    token_secret    bytea,
    token_scope     text NOT NULL DEFAULT '',
    updated_at      timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT callback_token_complete
        CHECK ((token_url = '') = (token_secret IS NULL) AND (token_url = '') = (token_client_id = ''))
);
