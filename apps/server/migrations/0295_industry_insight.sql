-- Industry insight (issue 14): the page reads each client's latest finished report of a period,
-- for the group and, for the platform benchmarks, over every group. These serve both without
-- scanning reports that are still queued or failed.
CREATE INDEX reports_done_group_finished ON reports (group_id, finished_at DESC) WHERE status = 'done';
CREATE INDEX reports_done_finished ON reports (finished_at DESC) WHERE status = 'done';
