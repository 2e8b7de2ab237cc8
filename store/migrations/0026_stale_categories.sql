-- Re-categorisation finds the rows an older categoriser version (or none)
-- assigned through a partial index of those rows alone. Rows a fetch or an
-- upload stores with the current version never enter it, so a fetch's COPY
-- no longer maintains an index entry per row (the full index of 0010 cost
-- a tenth of the COPY of a large fetch, and its size grew with the table).
--
-- The predicate names the current version (aggregation.CategoriserVersion).
-- The release that raises the version adds a migration that drops this
-- index and creates it again with the new number; a test fails until it
-- does. That index then holds every stored row until the background job has
-- categorised them again.
DROP INDEX transactions_categoriser_version;
CREATE INDEX transactions_stale_categories ON transactions (account_id, id) WHERE categoriser_version < 1;
