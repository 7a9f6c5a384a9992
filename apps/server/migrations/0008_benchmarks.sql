-- Industry benchmarks the tax reports compare with; the operator edits them. Rows are the engine's
-- IndustryBenchmark shape, seeded from its defaults on first start of an empty table.
CREATE TABLE industry_benchmarks (
  key text PRIMARY KEY,
  row jsonb NOT NULL,
  updated_by bigint REFERENCES users (id),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- 注册资本, for the capital-not-paid-in rule.
ALTER TABLE companies ADD COLUMN registered_capital_fen bigint CHECK (registered_capital_fen >= 0);
