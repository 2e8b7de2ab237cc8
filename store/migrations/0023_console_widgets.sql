-- The console lists a client's widget links newest first, of every subject.
CREATE INDEX widgets_client ON widgets (client_id, id DESC);
