-- The admin who made a reset link in the console; NULL for a link the
-- portal emailed. Such a link, used on an account that is not active yet,
-- approves it in that admin's name.
ALTER TABLE developer_links ADD COLUMN made_by text;
