-- The account-data aggregation service. The OAuth client is the tenant:
-- every row below reaches its client through connections.client_id.

CREATE TABLE connections (
    id                       bigserial   PRIMARY KEY,
    client_id                text        NOT NULL,
    subject_id               text        NOT NULL,
    provider                 text        NOT NULL,
    access                   text        NOT NULL CHECK (access IN ('one_time', 'recurring')),
    consent_days             integer     NOT NULL,
    callback_fields          jsonb       NOT NULL DEFAULT '{}',
    return_to                text,
    request_id               uuid        NOT NULL,
    group_id                 text,
    created_at               timestamptz NOT NULL DEFAULT now(),
    last_fetch_at            timestamptz,
    last_successful_fetch_at timestamptz,
    expiry_notified_at       timestamptz
);
CREATE INDEX connections_client_subject ON connections (client_id, subject_id, id);

-- One row per SCA of a bank connection; the newest is the connection's
-- current consent. (The gateway's consents share showcases, a different thing.)
CREATE TABLE bank_consents (
    id            bigserial   PRIMARY KEY,
    connection_id bigint      NOT NULL REFERENCES connections (id) ON DELETE CASCADE,
    status        text        NOT NULL CHECK (status IN ('new', 'ok', 'fail')),
    trigger       text        NOT NULL DEFAULT 'connect' CHECK (trigger IN ('connect', 'reconnect')),
    valid_until   timestamptz,
    sca_token     bytea,      -- SHA-256 of the token in the bank's SCA page link
    authorisation jsonb       NOT NULL DEFAULT '{}',
    grant_data    jsonb,      -- the provider's consent, as it must be presented on fetches
    request_id    uuid,
    created_at    timestamptz NOT NULL DEFAULT now(),
    completed_at  timestamptz,
    CHECK (status = 'ok' OR valid_until IS NULL)
);
CREATE INDEX bank_consents_connection ON bank_consents (connection_id, id DESC);
CREATE UNIQUE INDEX bank_consents_sca_token ON bank_consents (sca_token) WHERE sca_token IS NOT NULL;

-- The history of data fetches of a connection.
CREATE TABLE fetches (
    id                     bigserial   PRIMARY KEY,
    connection_id          bigint      NOT NULL REFERENCES connections (id) ON DELETE CASCADE,
    trigger                text        NOT NULL CHECK (trigger IN ('connect', 'refetch', 'daily', 'reconnect')),
    status                 text        NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'succeeded', 'failed')),
    callback_fields        jsonb       NOT NULL DEFAULT '{}',
    request_id             uuid,
    group_id               text,
    requested_at           timestamptz NOT NULL DEFAULT now(),
    started_at             timestamptz,
    finished_at            timestamptz,
    error_reason           text,
    flag_error_recoverable boolean,
    accounts               integer     NOT NULL DEFAULT 0,
    transactions_added     integer     NOT NULL DEFAULT 0
);
CREATE INDEX fetches_connection ON fetches (connection_id, id DESC);

CREATE TABLE accounts (
    id                  bigserial   PRIMARY KEY,
    connection_id       bigint      NOT NULL REFERENCES connections (id) ON DELETE CASCADE,
    provider_account_id text        NOT NULL,
    iban                text        NOT NULL DEFAULT '',
    name                text        NOT NULL DEFAULT '',
    type                text        NOT NULL,
    currency            text        NOT NULL,
    balance             bigint      NOT NULL DEFAULT 0,
    available           bigint      NOT NULL DEFAULT 0,
    credit_limit        bigint      NOT NULL DEFAULT 0,
    cursor              text        NOT NULL DEFAULT '',
    updated_at          timestamptz NOT NULL DEFAULT now(),
    UNIQUE (connection_id, provider_account_id)
);

-- Ids come from one sequence in insertion order, so they grow within an
-- account and "newer than lastTransactionId" is a range scan of the primary
-- key. There is no foreign key to accounts: a fetch copies thousands of rows
-- and a per-row check would cost a third of the ingest; DeleteConnection
-- removes an account's transactions itself.
CREATE TABLE transactions (
    id                      bigserial,
    account_id              bigint    NOT NULL,
    provider_transaction_id text      NOT NULL,
    status                  text      NOT NULL CHECK (status IN ('booked', 'pending')),
    transaction_date        date      NOT NULL,
    booking_date            date,
    value_date              date,
    amount                  bigint    NOT NULL,
    currency                text      NOT NULL,
    balance_after           bigint,
    method                  text      NOT NULL DEFAULT '',
    description             text      NOT NULL DEFAULT '',
    counterparty            text      NOT NULL DEFAULT '',
    counterparty_account    text      NOT NULL DEFAULT '',
    reference               text      NOT NULL DEFAULT '',
    replaces_id             bigint,
    superseded              boolean   NOT NULL DEFAULT false,
    fetch_id                bigint,
    PRIMARY KEY (account_id, id),
    UNIQUE (account_id, provider_transaction_id)
);

-- Callback events and every attempt to deliver them.
CREATE TABLE callbacks (
    id            uuid        PRIMARY KEY,
    client_id     text        NOT NULL,
    connection_id bigint,
    fetch_id      bigint,
    event         text        NOT NULL,
    url           text        NOT NULL,
    body          jsonb       NOT NULL,
    status        text        NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
    attempts      integer     NOT NULL DEFAULT 0,
    created_at    timestamptz NOT NULL DEFAULT now(),
    delivered_at  timestamptz
);
CREATE INDEX callbacks_client ON callbacks (client_id, created_at DESC);

CREATE TABLE callback_attempts (
    id           bigserial   PRIMARY KEY,
    callback_id  uuid        NOT NULL REFERENCES callbacks (id) ON DELETE CASCADE,
    attempted_at timestamptz NOT NULL DEFAULT now(),
    status_code  integer,
    error        text,
    duration_ms  integer     NOT NULL
);
CREATE INDEX callback_attempts_callback ON callback_attempts (callback_id, id);

-- Answers to mutating calls, replayed when a client retries with the same
-- X-Request-Id within 24 hours.
CREATE TABLE idempotent_requests (
    client_id  text        NOT NULL,
    request_id uuid        NOT NULL,
    method     text        NOT NULL,
    path       text        NOT NULL,
    status     integer,
    body       bytea,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (client_id, request_id)
);
CREATE INDEX idempotent_requests_created ON idempotent_requests (created_at);

-- Schedules that must fire once per period across all instances.
CREATE TABLE schedules (
    name     text PRIMARY KEY,
    last_run timestamptz NOT NULL DEFAULT 'epoch'
);
INSERT INTO schedules (name) VALUES ('daily-refresh'), ('purge');
