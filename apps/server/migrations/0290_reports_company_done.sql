-- A company's finished reports, newest first: the client analysis (/data-view/user) reads each
-- listed client's latest report, and the home workbench the date of each client's last one.
-- Without it each look-up scanned the group's reports.
CREATE INDEX reports_company_done ON reports (company_id, created_at DESC) WHERE status = 'done';
