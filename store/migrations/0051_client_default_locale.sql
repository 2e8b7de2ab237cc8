-- A client's default language for the pages its subjects see (a BCP 47 tag,
-- '' for none): used when neither the client's request nor the subject's
-- browser names a language Openbank speaks.
ALTER TABLE oauth_clients ADD COLUMN default_locale text NOT NULL DEFAULT '';
