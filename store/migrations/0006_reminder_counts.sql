-- A showcase counts its reminders, so that creating one checks the limit,
-- the caller's access and the catalogue text in a single statement that
-- holds the showcase's row lock: exact under concurrency, one round trip.
ALTER TABLE showcases ADD COLUMN reminder_count integer NOT NULL DEFAULT 0 CHECK (reminder_count >= 0);
UPDATE showcases s SET reminder_count = (SELECT count(*) FROM reminders r WHERE r.showcase = s.name);
