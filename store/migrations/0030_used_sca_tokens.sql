-- The digest of a bank page link's token stays on its consent once the SCA
-- is done, so that the link opened again can lead its holder back to where
-- the sign-in ended instead of a dead end. It signs nobody in: only an
-- open SCA's sca_token does.
ALTER TABLE bank_consents ADD COLUMN used_sca_token bytea;
CREATE INDEX bank_consents_used_sca_token ON bank_consents (used_sca_token) WHERE used_sca_token IS NOT NULL;
