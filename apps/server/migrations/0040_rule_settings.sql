-- Rule thresholds and the industry benchmark table are versioned: every operator change stores a
-- snapshot of both, and each report records the version it was made with.
CREATE TABLE rule_settings_versions (
  id bigserial PRIMARY KEY,
  thresholds jsonb NOT NULL,
  benchmarks jsonb NOT NULL,
  note text NOT NULL,
  created_by bigint REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE reports ADD COLUMN settings_version_id bigint REFERENCES rule_settings_versions (id);

-- The undated, unsourced 税负率 table is replaced by the 2026 default table (无可靠基准 per GB/T 4754
-- section): stored rows no operator edited go, and an empty table is seeded again at start.
DELETE FROM industry_benchmarks WHERE updated_by IS NULL;
