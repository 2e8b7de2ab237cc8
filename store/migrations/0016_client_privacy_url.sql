-- The address of a client's privacy or support page, shown to its subjects
-- in the widget so they know whom to ask to withdraw a consent; '' when the
-- client registered none.
ALTER TABLE oauth_clients
    ADD COLUMN privacy_url text NOT NULL DEFAULT ''
        CHECK (privacy_url = '' OR privacy_url ~ '^https?://');
