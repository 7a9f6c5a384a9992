-- The trial window of a group (spec §3 flowTime: hours since the trial began; the no-permission
-- overlay shows past 48 hours unless tokerUser is on). Started and cleared by the operator console.
ALTER TABLE groups ADD COLUMN trial_started_at timestamptz;
