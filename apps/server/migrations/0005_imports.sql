-- Imports of tax data and what they brought in: invoices, invoice lines, statement and return figures.

CREATE TABLE imports (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES groups (id),
  company_id bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('invoice', 'statement', 'return')),
  file_name text NOT NULL,
  file_size bigint NOT NULL,
  file_sha256 text NOT NULL,
  stored_key text NOT NULL,
  -- queued → parsing → done | rejected (row errors, nothing stored) | failed (file-level error)
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'parsing', 'done', 'rejected', 'failed')),
  progress smallint NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  summary jsonb NOT NULL DEFAULT '{}',
  message text,
  problem_count integer NOT NULL DEFAULT 0,
  problem_report_key text,
  source text NOT NULL DEFAULT 'staff' CHECK (source IN ('staff', 'share')),
  share_link_id bigint,
  created_by bigint REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz
);
CREATE INDEX imports_company_time ON imports (company_id, created_at DESC);

CREATE TABLE invoices (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES groups (id),
  company_id bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  key text NOT NULL,
  direction text NOT NULL CHECK (direction IN ('sales', 'purchase')),
  digital_number text,
  code text,
  number text,
  seller_tax_no text NOT NULL,
  seller_name text NOT NULL,
  buyer_tax_no text NOT NULL,
  buyer_name text NOT NULL,
  -- Shanghai wall-clock time of issue, as the export gives it.
  issued_at timestamp NOT NULL,
  has_time boolean NOT NULL,
  amount_fen bigint NOT NULL,
  tax_fen bigint NOT NULL,
  total_fen bigint NOT NULL,
  source text,
  kind_text text,
  kind_code text,
  is_special boolean NOT NULL,
  status text NOT NULL,
  status_text text,
  is_positive boolean NOT NULL,
  risk_level text,
  issuer text,
  remark text,
  red_of_number text,
  import_id bigint REFERENCES imports (id) ON DELETE SET NULL,
  UNIQUE (company_id, key)
);
CREATE INDEX invoices_company_time ON invoices (company_id, issued_at);

CREATE TABLE invoice_lines (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES groups (id),
  company_id bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  invoice_key text NOT NULL,
  line_no integer NOT NULL,
  direction text NOT NULL CHECK (direction IN ('sales', 'purchase')),
  tax_code text,
  special_business text,
  item_text text NOT NULL,
  category text,
  item_name text NOT NULL,
  spec text,
  unit text,
  quantity text,
  unit_price text,
  amount_fen bigint NOT NULL,
  tax_rate_text text,
  tax_rate_bp integer,
  tax_fen bigint NOT NULL,
  total_fen bigint NOT NULL,
  import_id bigint REFERENCES imports (id) ON DELETE SET NULL,
  UNIQUE (company_id, invoice_key, line_no)
);

-- Statement and return figures of one company for one period, in fen, keyed as packages/shared/financials.ts.
CREATE TABLE financial_figures (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES groups (id),
  company_id bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  statement text NOT NULL CHECK (statement IN ('balance_sheet', 'income_statement', 'vat_return', 'cit_return')),
  period text NOT NULL,
  layout text,
  figures jsonb NOT NULL,
  source text NOT NULL CHECK (source IN ('import', 'manual')),
  import_id bigint REFERENCES imports (id) ON DELETE SET NULL,
  updated_by bigint REFERENCES users (id),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (company_id, statement, period)
);
