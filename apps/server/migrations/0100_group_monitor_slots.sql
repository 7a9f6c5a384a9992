-- Monitoring slots a group may use (spec §3 canUseMonitorNumber / dataPriceNum): set by the operator.
ALTER TABLE groups ADD COLUMN monitor_slots integer NOT NULL DEFAULT 0 CHECK (monitor_slots >= 0);
