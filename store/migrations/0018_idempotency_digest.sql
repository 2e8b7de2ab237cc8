-- An idempotency key is bound to the whole request: the digest of its
-- method, path, query and body. A repeated X-Request-Id with another
-- request is refused instead of answered with the first request's answer.
-- Rows claimed before this column existed have none and are compared by
-- method and path only, as before.
ALTER TABLE idempotent_requests ADD COLUMN request_digest bytea;
