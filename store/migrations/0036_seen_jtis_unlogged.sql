-- The one-time values of DPoP proofs and client assertions live a minute
-- or five and are checked on every DPoP-bound call: the table skips the
-- write-ahead log, so recording one costs no WAL flush. After a database
-- crash (or on a promoted standby) it starts empty, which re-opens for at
-- most those few minutes the replay of a proof or assertion captured
-- before the crash; docs/oauth.md says so.
ALTER TABLE oauth_seen_jtis SET UNLOGGED;
