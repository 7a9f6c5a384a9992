-- Company search: most look-ups type the start of a name (or of its pinyin initials). A btree over the
-- normalised name and over the initials, in byte order (so LIKE 'prefix%' and ORDER BY use it in any
-- locale), answers those as an index range scan that stops at the page size, before the bigram GIN
-- index is asked for matches inside the name (bench/company-data.ts).
ALTER TABLE cd_companies
  ADD COLUMN name_key text GENERATED ALWAYS AS (
    replace(replace(replace(lower(name), ' ', ''), '（', '('), '）', ')')
  ) STORED;
CREATE INDEX cd_companies_name_key_idx ON cd_companies ((name_key COLLATE "C"));
CREATE INDEX cd_companies_initials_idx ON cd_companies ((initials COLLATE "C"));
