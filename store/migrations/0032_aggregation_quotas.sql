-- Quotas of the aggregation: how many connections one subject and one
-- client may hold and how many open widget links one subject may have. A
-- client's own bound is stored with the client; 0 means the server's
-- default (AGGREGATION_MAX_* variables).
ALTER TABLE oauth_clients
    ADD COLUMN max_subject_connections integer NOT NULL DEFAULT 0 CHECK (max_subject_connections >= 0),
    ADD COLUMN max_subject_widgets     integer NOT NULL DEFAULT 0 CHECK (max_subject_widgets >= 0),
    ADD COLUMN max_connections         integer NOT NULL DEFAULT 0 CHECK (max_connections >= 0);

-- Open widget links of a subject are counted on every new link.
CREATE INDEX widgets_open ON widgets (client_id, subject_id, expired_at) WHERE outcome IS NULL;
