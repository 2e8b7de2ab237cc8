-- The hosted bank-connect widget: one row per widget link a client created,
-- with the navigation statistics of its subject.
CREATE TABLE widgets (
    id                     bigserial   PRIMARY KEY,
    client_id              text        NOT NULL,
    subject_id             text        NOT NULL,
    kind                   text        NOT NULL CHECK (kind IN ('connect', 'reconnect')),
    connection_id          bigint      REFERENCES connections (id) ON DELETE SET NULL, -- reconnect: its connection
    country_codes          text[]      NOT NULL DEFAULT '{}',
    return_to              text        NOT NULL,
    return_connection_id   boolean     NOT NULL DEFAULT false,
    return_widget_id_error boolean     NOT NULL DEFAULT false,
    callback_fields        jsonb       NOT NULL DEFAULT '{}',
    access                 text        NOT NULL CHECK (access IN ('one_time', 'recurring')),
    consent_days           integer     NOT NULL,
    link_nonce             text        NOT NULL, -- also in the signed link; a restored row with another nonce is unknown
    request_id             uuid        NOT NULL,
    group_id               text,
    created_at             timestamptz NOT NULL,
    expired_at             timestamptz NOT NULL,
    openings               integer     NOT NULL DEFAULT 0,
    first_opened_at        timestamptz,
    last_opened_at         timestamptz,
    furthest_step          smallint    NOT NULL DEFAULT 0,
    outcome                text        CHECK (outcome IN ('ok', 'fail', 'new', 'expired', 'tooManyOpenings'))
);
CREATE INDEX widgets_client_subject ON widgets (client_id, subject_id, id);

-- The connections a widget created (or, for a reconnect, renewed) and the
-- consent (SCA) it started on each.
CREATE TABLE widget_connections (
    widget_id     bigint      NOT NULL REFERENCES widgets (id) ON DELETE CASCADE,
    connection_id bigint      NOT NULL REFERENCES connections (id) ON DELETE CASCADE,
    consent_id    bigint      NOT NULL REFERENCES bank_consents (id) ON DELETE CASCADE,
    created_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (widget_id, connection_id)
);
CREATE INDEX widget_connections_connection ON widget_connections (connection_id);
