-- Categorised transactions, clients' corrections and uploaded data.

-- Every stored transaction carries its category. categoriser_version says
-- which version of the categoriser assigned it (0: none yet), so a new
-- version can re-categorise in the background. merchant is the clean name
-- when the categoriser knows it.
ALTER TABLE transactions
    ADD COLUMN category            text,
    ADD COLUMN category_confidence real,
    ADD COLUMN merchant            text,
    ADD COLUMN categoriser_version smallint NOT NULL DEFAULT 0;

-- A client's corrections: later transactions of that client with the same
-- merchant key take the corrected category. Another client is unaffected.
CREATE TABLE category_overrides (
    client_id    text        NOT NULL,
    merchant_key text        NOT NULL,
    category     text        NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (client_id, merchant_key)
);

-- Whether the subject of a connection is a consumer or a business: given
-- by an upload, derived from the provider for bank connections.
ALTER TABLE connections ADD COLUMN subject_kind text CHECK (subject_kind IN ('consumer', 'business'));
