-- Operator console (issue 18): staff roles stored with the user, and the audit log of every
-- change an operator makes. users.is_operator stays the OPERATOR_PHONES bootstrap and means 管理员.
ALTER TABLE users
  ADD COLUMN operator_roles text[] NOT NULL DEFAULT '{}'
  CHECK (operator_roles <@ ARRAY['ops', 'finance', 'support', 'content', 'admin']::text[]);

CREATE TABLE operator_audit (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  operator_id bigint NOT NULL REFERENCES users (id),
  -- The route (method and path) and its readable summary: what was done.
  action text NOT NULL,
  summary text NOT NULL,
  target_type text,
  target_id text,
  before jsonb,
  after jsonb,
  ip text
);
CREATE INDEX operator_audit_at ON operator_audit (at DESC);
CREATE INDEX operator_audit_operator ON operator_audit (operator_id, at DESC);
CREATE INDEX operator_audit_target ON operator_audit (target_type, target_id);
