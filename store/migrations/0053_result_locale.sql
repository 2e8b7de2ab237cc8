-- The language a report result is written in: a BCP 47 tag of one of the
-- message catalogues, '' for English (analytics, and every result recorded
-- before this). A report in another language is another result.
ALTER TABLE results ADD COLUMN locale text NOT NULL DEFAULT '';
