-- Bank-statement billing (spec §7 /api/IcbcAdsSignedConfig/*): the signed agreements under which a
-- firm is billed through its bank statement, each with the signed file and the operator's review.
CREATE TABLE bank_statement_configs (
  id bigint GENERATED ALWAYS AS IDENTITY (START WITH 1000) PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES groups (id),
  created_by bigint NOT NULL REFERENCES users (id),
  bank_name text NOT NULL,
  account_name text NOT NULL,
  account_no text NOT NULL,
  valid_from date NOT NULL,
  valid_to date NOT NULL,
  file_key text NOT NULL,
  file_name text NOT NULL,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'active', 'rejected')),
  review_note text,
  reviewed_by bigint REFERENCES users (id),
  reviewed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  CHECK (valid_to >= valid_from)
);
CREATE INDEX bank_statement_configs_group ON bank_statement_configs (group_id, created_at DESC) WHERE deleted_at IS NULL;
