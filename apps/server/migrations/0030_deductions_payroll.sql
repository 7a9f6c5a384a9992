-- Two more kinds of files firms have (issue 10): the 发票勾选确认 export (the input side of the VAT
-- reconciliation) and payroll files (个税扣缴申报, 社保), kept as monthly totals for the payroll rules.

ALTER TABLE imports DROP CONSTRAINT imports_kind_check;
ALTER TABLE imports ADD CONSTRAINT imports_kind_check
  CHECK (kind IN ('invoice', 'statement', 'return', 'deduction', 'payroll'));

-- One row per input invoice of the list, keyed as invoices.key (数电发票号码, or 发票代码:发票号码);
-- a later export of the same invoice replaces its row (its 勾选 state may have changed).
CREATE TABLE vat_deductions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES groups (id),
  company_id bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  invoice_key text NOT NULL,
  digital_number text,
  code text,
  number text,
  issued_on date NOT NULL,
  seller_tax_no text,
  seller_name text,
  amount_fen bigint NOT NULL,
  tax_fen bigint NOT NULL,
  total_fen bigint NOT NULL,
  -- 价税合计 computed as 金额 + 税额 because the export had none.
  total_derived boolean NOT NULL,
  deductible_tax_fen bigint NOT NULL,
  selected boolean NOT NULL,
  selected_on date,
  -- 'YYYY-MM' the deduction belongs to: 所属期 when the export prints it, else the month selected.
  period text,
  kind_text text,
  status_text text,
  risk_level text,
  import_id bigint REFERENCES imports (id) ON DELETE SET NULL,
  UNIQUE (company_id, invoice_key)
);
CREATE INDEX vat_deductions_company_period ON vat_deductions (company_id, period);

-- Monthly payroll totals per source; no names or ID numbers are stored.
CREATE TABLE payroll_months (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES groups (id),
  company_id bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  period text NOT NULL CHECK (period ~ '^\d{4}-(0[1-9]|1[0-2])$'),
  source text NOT NULL CHECK (source IN ('iit', 'social_insurance')),
  headcount integer NOT NULL CHECK (headcount >= 0),
  wage_fen bigint NOT NULL,
  tax_fen bigint,
  employer_fen bigint,
  employee_fen bigint,
  import_id bigint REFERENCES imports (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (company_id, period, source)
);
