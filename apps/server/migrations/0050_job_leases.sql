-- Which live process works which queued job (apps/server/src/jobs/leases.ts). Each process refreshes
-- the heartbeat of its leases every few seconds; a lease left stale means its process died (kill -9,
-- a crash, a lost machine), and its job is handed back to the queue for a retry within about a minute
-- instead of after pg-boss's 15-minute expiry.
CREATE TABLE job_leases (
  job_id uuid PRIMARY KEY,
  queue text NOT NULL,
  instance_id uuid NOT NULL,
  heartbeat_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX job_leases_instance_idx ON job_leases (instance_id);
CREATE INDEX job_leases_heartbeat_idx ON job_leases (heartbeat_at);
