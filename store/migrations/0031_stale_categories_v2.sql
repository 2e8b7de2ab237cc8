-- Categoriser release 2026.11.2 (aggregation.CategoriserVersion 2) reads
-- French, German, Spanish, Italian, Dutch and Belgian statement lines: every
-- row stored by version 1 is categorised again. The partial index of stale
-- rows is created again with the new number (see 0026); until the background
-- job has caught up it holds every stored row.
DROP INDEX transactions_stale_categories;
CREATE INDEX transactions_stale_categories ON transactions (account_id, id) WHERE categoriser_version < 2;
