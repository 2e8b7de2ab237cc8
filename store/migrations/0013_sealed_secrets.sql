-- Secrets at rest: signing keys, settings (generated session and link keys)
-- and clients' callback HMAC secrets are stored sealed with SECRETS_KEY
-- (package sealing; a sealed value starts with 0x01). Values stored before
-- this migration are plain: tag each with a leading 0x00 byte, so that they
-- are told apart from sealed ones without guessing. The step that follows
-- the SQL migrations at start-up seals every tagged value with the newest
-- key (store.Reseal).
UPDATE oauth_keys SET private_key = decode('00', 'hex') || private_key;
UPDATE settings SET value = decode('00', 'hex') || value;
UPDATE oauth_clients SET callback_hmac_secret = decode('00', 'hex') || callback_hmac_secret
    WHERE callback_hmac_secret IS NOT NULL;
