-- Callback settings of a client: an optional HMAC secret added to
-- callbacks (kept as given: it signs, so it cannot be a digest), and how many
-- days before a recurring consent expires to send a consentExpiring
-- callback (0: never).
ALTER TABLE oauth_clients
    ADD COLUMN callback_hmac_secret        bytea,
    ADD COLUMN consent_expiry_notice_days integer NOT NULL DEFAULT 0
        CHECK (consent_expiry_notice_days BETWEEN 0 AND 30);
