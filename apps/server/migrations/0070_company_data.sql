-- Company data of the built-in CompanyDataProvider: registry, relations, risk lists and tax-credit
-- ratings, filled by the platform operator's dataset imports (and the demo seed). Platform-wide data,
-- not a group's: no group_id. Every row carries the source and as-of date of the dataset it came in.

-- One imported file of one list; the history of versions. A newer active version of the same list
-- and scope supersedes the older one (its rows are replaced).
CREATE TABLE cd_datasets (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  list_key text NOT NULL,
  -- What the version replaces within its list: '' for the whole list, the years for rating lists.
  scope text NOT NULL DEFAULT '',
  status text NOT NULL CHECK (status IN ('active', 'superseded', 'rejected')),
  file_name text NOT NULL,
  file_sha256 text NOT NULL,
  encoding text,
  row_count integer NOT NULL DEFAULT 0,
  source text NOT NULL,
  as_of date NOT NULL,
  error_report jsonb,
  is_demo boolean NOT NULL DEFAULT false,
  imported_by bigint REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cd_datasets_list_idx ON cd_datasets (list_key, created_at DESC);

-- 工商登记: one row per 统一社会信用代码 (or 纳税人识别号 when the subject has no USCC).
CREATE TABLE cd_companies (
  credit_code text PRIMARY KEY,
  name text NOT NULL,
  legal_rep text,
  registered_capital_fen bigint CHECK (registered_capital_fen >= 0),
  capital_text text,
  established_on date,
  status_text text NOT NULL,
  registration text NOT NULL CHECK (registration IN ('normal', 'deregistered', 'revoked', 'moved', 'unknown')),
  company_type text,
  address text,
  scope text,
  industry_code text,
  industry_name text,
  region_code text,
  taxpayer_type text CHECK (taxpayer_type IN ('general', 'small_scale')),
  -- Search keys: character bigrams of the name and of its pinyin initials (see search-terms.ts).
  search_grams text[] NOT NULL,
  initials text NOT NULL,
  source text NOT NULL,
  as_of date NOT NULL,
  dataset_id bigint NOT NULL REFERENCES cd_datasets (id)
);
CREATE INDEX cd_companies_grams_idx ON cd_companies USING gin (search_grams);
CREATE INDEX cd_companies_dataset_idx ON cd_companies (dataset_id);

-- 股东, 主要人员, 对外投资, 分支机构, 变更记录 of a company.
CREATE TABLE cd_relations (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('shareholder', 'executive', 'investment', 'branch', 'change')),
  credit_code text NOT NULL,
  name text NOT NULL,
  role text,
  other_code text,
  amount_fen bigint,
  ratio_bp integer,
  happened_on date,
  before_text text,
  after_text text,
  source text NOT NULL,
  as_of date NOT NULL,
  dataset_id bigint NOT NULL REFERENCES cd_datasets (id)
);
CREATE INDEX cd_relations_company_idx ON cd_relations (credit_code, kind);
CREATE INDEX cd_relations_dataset_idx ON cd_relations (dataset_id);

-- The risk lists (经营异常 … 司法冻结): one row per published record.
CREATE TABLE cd_risks (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL,
  credit_code text NOT NULL,
  name text NOT NULL,
  reference text,
  title text NOT NULL,
  category text,
  decided_on date,
  removed_on date,
  amount_fen bigint,
  authority text,
  person_name text,
  region_code text,
  details jsonb NOT NULL DEFAULT '{}',
  source text NOT NULL,
  as_of date NOT NULL,
  dataset_id bigint NOT NULL REFERENCES cd_datasets (id)
);
CREATE INDEX cd_risks_company_idx ON cd_risks (credit_code, kind);
CREATE INDEX cd_risks_kind_idx ON cd_risks (kind, decided_on DESC);
CREATE INDEX cd_risks_dataset_idx ON cd_risks (dataset_id);

-- 纳税信用 ratings as published (the yearly A-level lists; D-level publications where imported).
CREATE TABLE cd_credit_ratings (
  credit_code text NOT NULL,
  year integer NOT NULL CHECK (year BETWEEN 2014 AND 2100),
  level text NOT NULL CHECK (level IN ('A', 'B', 'M', 'C', 'D')),
  name text NOT NULL,
  source text NOT NULL,
  as_of date NOT NULL,
  dataset_id bigint NOT NULL REFERENCES cd_datasets (id),
  PRIMARY KEY (credit_code, year)
);
CREATE INDEX cd_credit_ratings_dataset_idx ON cd_credit_ratings (dataset_id);
