-- The console's dashboard shows the daily refresh's latest run and how many
-- fetches it queued: both are read through small partial indexes.
CREATE INDEX jobs_daily_refresh ON jobs (id DESC) WHERE kind = 'daily-refresh';
CREATE INDEX fetches_daily ON fetches (requested_at) WHERE trigger = 'daily';
