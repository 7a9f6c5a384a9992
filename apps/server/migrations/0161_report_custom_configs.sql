-- Report customisation (spec §7 /api/UserReportCustomConfig/*): per group and report kind, the
-- sections left out, the rule families not run, the cover title and the firm's contact block.
-- Stored as what is left out, so a section or rule family added later shows by default.
CREATE TABLE report_custom_configs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  report_type text NOT NULL,
  hidden_sections text[] NOT NULL DEFAULT '{}',
  hidden_families text[] NOT NULL DEFAULT '{}',
  cover_title text,
  contact_name text,
  contact_phone text,
  contact_email text,
  contact_address text,
  updated_by bigint REFERENCES users (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (group_id, report_type)
);
