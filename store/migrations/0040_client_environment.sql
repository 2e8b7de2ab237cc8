-- Every client lives in one environment: test clients connect only test
-- (mock) banks, production clients only real banks. Clients that existed
-- before are test clients, as self-registered ones are; an operator moves
-- one to production by editing it.
ALTER TABLE oauth_clients
    ADD COLUMN environment text NOT NULL DEFAULT 'test'
        CONSTRAINT client_environment CHECK (environment IN ('test', 'production'));
