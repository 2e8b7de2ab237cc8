-- The Showcase, Reminder and Consent gateway 1.1.0.

-- The catalogue of reminder texts that selectableTextIdx indexes.
CREATE TABLE reminder_texts (
    idx        integer PRIMARY KEY CHECK (idx >= 0),
    text       text NOT NULL CHECK (text <> ''),
    created_at timestamptz NOT NULL DEFAULT now()
);

INSERT INTO reminder_texts (idx, text) VALUES
    (0,  'Renew this before it expires.'),
    (1,  'Review the terms and conditions.'),
    (2,  'Check the latest account balance.'),
    (3,  'Confirm the direct debit is still needed.'),
    (4,  'Update the contact details on file.'),
    (5,  'Download and keep the monthly statement.'),
    (6,  'Compare the interest rate with other offers.'),
    (7,  'Ask the bank about lower fees.'),
    (8,  'Revoke access that is no longer used.'),
    (9,  'Set a budget for the coming month.'),
    (10, 'Move savings to the deposit account.'),
    (11, 'Share this with your accountant.');

-- A showcase: a named container with a validity period. The name is the
-- path key, unique across all owners.
CREATE TABLE showcases (
    name       text PRIMARY KEY CHECK (name ~ '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$'),
    owner      text NOT NULL,
    valid_from timestamptz NOT NULL,
    valid_to   timestamptz NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    CHECK (valid_from <= valid_to)
);
CREATE INDEX showcases_owner_name ON showcases (owner, name);
CREATE INDEX showcases_name_trgm ON showcases USING gin (name gin_trgm_ops);

-- A reminder of one showcase; its text is copied from the catalogue.
CREATE TABLE reminders (
    showcase   text NOT NULL REFERENCES showcases (name) ON DELETE CASCADE,
    identifier uuid NOT NULL,
    relevance  integer NOT NULL,
    text_idx   integer NOT NULL,
    text       text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (showcase, identifier)
);
CREATE INDEX reminders_text_trgm ON reminders USING gin (text gin_trgm_ops);

-- A consent: a username's access level to a showcase.
CREATE TABLE consents (
    identifier    integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    showcase      text NOT NULL REFERENCES showcases (name) ON DELETE CASCADE,
    username      text NOT NULL CHECK (username <> ''),
    consent_level text NOT NULL CHECK (consent_level IN ('READ_ONLY', 'FULL_ACCESS')),
    created_at    timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT consents_showcase_username UNIQUE (showcase, username)
);
CREATE INDEX consents_username ON consents (username, showcase);
