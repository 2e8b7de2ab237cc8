-- A result records, beside the version of the subject's data it was built
-- from, the versions of what built it: the scorecard model that scored it
-- (name@version of insight/data/scorecard_model.json) and the categoriser
-- version of the categories it read (the lowest categoriser_version among
-- the subject's transactions). A result whose versions are not those a
-- build would have now is not served but built again, so a new model, or
-- the re-categorisation that follows a new categoriser, rebuilds the
-- results asked for. Results stored before carry '' and 0: none is served
-- again.
ALTER TABLE results
    ADD COLUMN model_version text NOT NULL DEFAULT '',
    ADD COLUMN categoriser_version smallint NOT NULL DEFAULT 0;
