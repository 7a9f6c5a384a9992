-- Authorised collection (issue 10): one session per client login at the aggregator, from the SMS
-- code or QR code to the imports the collected files became.

ALTER TABLE imports DROP CONSTRAINT imports_source_check;
ALTER TABLE imports ADD CONSTRAINT imports_source_check CHECK (source IN ('staff', 'share', 'collection'));

CREATE TABLE collection_sessions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES groups (id),
  company_id bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  created_by bigint REFERENCES users (id),
  provider text NOT NULL,
  region text NOT NULL,
  account text NOT NULL,
  method text NOT NULL CHECK (method IN ('sms', 'qr')),
  -- sms_sent | qr_waiting → collecting → importing → done; failed / cancelled from any of them.
  state text NOT NULL CHECK (state IN ('sms_sent', 'qr_waiting', 'collecting', 'importing', 'done', 'failed', 'cancelled')),
  login_task text,
  token text,
  collect_task text,
  period_from text NOT NULL,
  period_to text NOT NULL,
  progress smallint NOT NULL DEFAULT 0,
  message text,
  import_ids bigint[] NOT NULL DEFAULT '{}',
  auth_deadline timestamptz NOT NULL,
  collect_deadline timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX collection_sessions_company ON collection_sessions (company_id, created_at DESC);
