-- A report request key belongs to the user who sent it (issue 12): two staff of one group who happen
-- to send the same key each get their own report, never the other's report id.
DROP INDEX reports_request_key;
CREATE UNIQUE INDEX reports_request_key ON reports (created_by, request_key);
