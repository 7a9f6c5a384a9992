-- The commercial company-data provider (天眼查 open platform, COMPANY_DATA_PROVIDER=tianyancha):
-- a log of every call made to the vendor with what it cost, and a cache of its answers with the
-- day they were fetched (the as-of date shown wherever a cached answer is used).

CREATE TABLE cd_vendor_calls (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  provider text NOT NULL,
  endpoint text NOT NULL,
  -- The keyword asked (a credit code or a search text), for the operator's reconciliation.
  keyword text NOT NULL,
  http_status integer,
  -- The vendor's error_code (0 = answer, 300000 = no result …); null when no answer came.
  error_code integer,
  outcome text NOT NULL CHECK (outcome IN ('ok', 'empty', 'error')),
  cost_fen integer NOT NULL DEFAULT 0 CHECK (cost_fen >= 0),
  duration_ms integer NOT NULL CHECK (duration_ms >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cd_vendor_calls_time_idx ON cd_vendor_calls (created_at DESC);

CREATE TABLE cd_vendor_cache (
  provider text NOT NULL,
  endpoint text NOT NULL,
  query_key text NOT NULL,
  -- The vendor's `result`; null when it answered that it has nothing (cached too: no result costs a call).
  body jsonb,
  fetched_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, endpoint, query_key)
);
