-- /insurance (issue 15): a firm asks for a quote of professional liability insurance; the request
-- reaches the operator console (content/ops), who contacts the firm and records the outcome.
CREATE TABLE insurance_quote_requests (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES groups (id),
  user_id bigint NOT NULL REFERENCES users (id),
  firm_name text NOT NULL,
  contact_name text NOT NULL,
  phone text NOT NULL,
  -- 1 上年营业收入 in fen; 2 执业人员人数; 3 每次事故赔偿限额 and 累计赔偿限额 wanted, in fen.
  annual_revenue_fen bigint NOT NULL CHECK (annual_revenue_fen >= 0),
  staff_count integer NOT NULL CHECK (staff_count > 0),
  per_claim_limit_fen bigint NOT NULL CHECK (per_claim_limit_fen > 0),
  aggregate_limit_fen bigint NOT NULL CHECK (aggregate_limit_fen >= per_claim_limit_fen),
  services text[] NOT NULL,
  claims_last_3_years integer NOT NULL DEFAULT 0 CHECK (claims_last_3_years >= 0),
  note text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT '待处理' CHECK (status IN ('待处理', '已联系', '已报价', '已关闭')),
  operator_note text NOT NULL DEFAULT '',
  handled_by bigint REFERENCES users (id),
  handled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX insurance_quote_requests_group_idx ON insurance_quote_requests (group_id, created_at DESC);
CREATE INDEX insurance_quote_requests_status_idx ON insurance_quote_requests (status, created_at DESC);
