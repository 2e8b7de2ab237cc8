-- Results of analytics and report builds. A client downloads one through a
-- signed link until expires_at; a daily job deletes the expired ones. The
-- body is kept here unless an object store keeps it (then body stays NULL).
CREATE TABLE results (
    id           text        PRIMARY KEY, -- 128 random bits, base64url
    client_id    text        NOT NULL,
    subject_id   text        NOT NULL,
    kind         text        NOT NULL CHECK (kind IN ('analytics', 'report', 'report-pdf')),
    status       text        NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'ready', 'failed')),
    data_version text        NOT NULL, -- the subject's data the result was (or will be) built from
    content_type text,
    body         bytea,
    error        text,
    created_at   timestamptz NOT NULL DEFAULT now(),
    finished_at  timestamptz,
    expires_at   timestamptz NOT NULL
);
CREATE INDEX results_subject ON results (client_id, subject_id, kind, data_version, expires_at DESC);
CREATE INDEX results_expires ON results (expires_at);

INSERT INTO schedules (name) VALUES ('results-cleanup');
