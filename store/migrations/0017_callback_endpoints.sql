-- A callback knows its endpoint (scheme://host[:port] of its URL) and its
-- delivery job, so that a delivery that succeeds makes the endpoint's
-- queued callbacks due at once, and a failed one can tell whether another
-- callback of the endpoint is due soon.
ALTER TABLE callbacks
    ADD COLUMN endpoint text NOT NULL DEFAULT '',
    ADD COLUMN job_id   bigint;

UPDATE callbacks
SET endpoint = lower(regexp_replace(substring(url FROM '^[^:/?#]+://[^/?#]*'), '://[^@]*@', '://'));

UPDATE callbacks c SET job_id = j.id
FROM jobs j
WHERE j.kind = 'callback' AND j.key = c.id::text AND j.state IN ('queued', 'running');

CREATE INDEX callbacks_pending_endpoint ON callbacks (endpoint) WHERE status = 'pending';
