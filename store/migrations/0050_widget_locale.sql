-- The language a client asked for when it created a widget link (a BCP 47
-- tag, '' when it asked for none): the widget's pages, and the bank's sign-in
-- page it leads to, speak it unless the subject chooses another.
ALTER TABLE widgets ADD COLUMN locale text NOT NULL DEFAULT '';
