-- Accounts get an immutable id and a session epoch. Grants and codes name
-- the account by id as well as by username, so that a username deleted and
-- created again never inherits anything. Sign-in sessions of the authorize
-- page live in the database, so that signing out, a password change and a
-- deletion end them on every instance.
ALTER TABLE users ADD COLUMN id uuid NOT NULL DEFAULT gen_random_uuid();
ALTER TABLE users ADD CONSTRAINT users_id_key UNIQUE (id);
ALTER TABLE users ADD COLUMN epoch integer NOT NULL DEFAULT 1; -- moves on with each password change

ALTER TABLE oauth_grants ADD COLUMN user_id uuid;
UPDATE oauth_grants g SET user_id = u.id FROM users u WHERE u.username = g.username;
-- Grants whose user is gone belong to a deleted account: revoke them and
-- their access tokens (which live at most a day).
INSERT INTO oauth_revocations (key, expires_at)
    SELECT 'grant:' || grant_id, now() + interval '25 hours' FROM oauth_grants
    WHERE user_id IS NULL AND revoked_at IS NULL
    ON CONFLICT (key) DO NOTHING;
UPDATE oauth_grants SET revoked_at = now() WHERE user_id IS NULL AND revoked_at IS NULL;
CREATE INDEX oauth_grants_user ON oauth_grants (user_id) WHERE revoked_at IS NULL;

ALTER TABLE oauth_codes ADD COLUMN user_id uuid;
UPDATE oauth_codes c SET user_id = u.id FROM users u WHERE u.username = c.username;

-- A browser signed in on the authorize page: the cookie holds a random id,
-- the row its digest and the account's epoch at sign-in.
CREATE TABLE login_sessions (
    digest     bytea PRIMARY KEY,            -- SHA-256 of the cookie's id
    user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    epoch      integer NOT NULL,
    auth_time  timestamptz NOT NULL,
    expires_at timestamptz NOT NULL
);
CREATE INDEX login_sessions_user ON login_sessions (user_id);
CREATE INDEX login_sessions_expiry ON login_sessions (expires_at);

-- Failures are now counted per (client or username, address), per address
-- and per username; the per-client and per-username locks of before go.
DELETE FROM auth_throttle;
