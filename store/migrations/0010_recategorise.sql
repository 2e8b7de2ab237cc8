-- Re-categorisation: when a newer categoriser is deployed, a background job
-- categorises again the rows an older version (or none) assigned. This
-- index lets the scheduler ask "is there any such row?" and the job find
-- the next account to do without reading the table; new rows all carry the
-- current version, so their entries go to one end of the index.
CREATE INDEX transactions_categoriser_version ON transactions (categoriser_version);
