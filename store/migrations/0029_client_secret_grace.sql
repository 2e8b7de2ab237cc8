-- A rotated client secret may stay valid for a grace period the operator
-- chooses, so that a live integration can switch over: the old secret's
-- digest and the time it stops working. Both are NULL when there is none.
ALTER TABLE oauth_clients
    ADD COLUMN previous_secret_digest bytea,
    ADD COLUMN previous_secret_until timestamptz,
    ADD CONSTRAINT previous_secret_pair
        CHECK ((previous_secret_digest IS NULL) = (previous_secret_until IS NULL));
