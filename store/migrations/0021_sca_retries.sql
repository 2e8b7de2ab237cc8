-- Embedded SCA through the API is recoverable: a wrong password or one-time
-- code leaves the consent new with a machine-readable reason and counts
-- the failure; after a set number of failures the consent ends as fail.
ALTER TABLE bank_consents ADD COLUMN sca_error text,
    ADD COLUMN sca_failures integer NOT NULL DEFAULT 0;
