-- Policy search at scale (issue 15, bench/policy-search.ts). Before, a document's whole normalised
-- text (thousands of characters, stored out of line) was read and scanned by strpos for every
-- candidate, and every hit's articles counted, before the page was cut. Now:
-- - each article carries its own short normalised text, so a document is confirmed by reading its
--   own articles (contiguous rows, by primary key) only when it is about to be shown;
-- - the title, 文号 and summary keep a small bigram index of their own (the basic library, and the
--   hits ranked first); head_text separates the three by U+0001 so the rank needs no regex;
-- - the document bigram array moves to a narrow table with the filter columns and the date, so the
--   candidates of a common word are counted and sorted newest first from a few dozen pages.
ALTER TABLE policy_articles ADD COLUMN search_text text NOT NULL DEFAULT '';
UPDATE policy_articles SET search_text = policy_normalize(heading || body);

UPDATE policy_documents
  SET head_text = policy_normalize(title) || chr(1) || policy_normalize(doc_no) || chr(1) || policy_normalize(summary);
CREATE INDEX policy_documents_head_grams_idx ON policy_documents USING gin (policy_bigrams(head_text));

CREATE TABLE policy_search_keys (
  document_id bigint PRIMARY KEY REFERENCES policy_documents (id) ON DELETE CASCADE,
  issued_on date NOT NULL,
  tax_kind text NOT NULL,
  status text NOT NULL,
  region_code text NOT NULL,
  -- Bigrams of the title, 文号, summary and every article (normalised).
  grams text[] NOT NULL
) WITH (toast_tuple_target = 128);
-- The arrays live out of line: a scan of the candidates reads only the narrow rows.
ALTER TABLE policy_search_keys ALTER COLUMN grams SET STORAGE EXTERNAL;
CREATE INDEX policy_search_keys_grams_idx ON policy_search_keys USING gin (grams);

INSERT INTO policy_search_keys (document_id, issued_on, tax_kind, status, region_code, grams)
SELECT d.id, d.issued_on, d.tax_kind, d.status, d.region_code,
  policy_bigrams(policy_normalize(d.title || d.doc_no || d.summary) || coalesce(
    (SELECT string_agg(a.search_text, '' ORDER BY a.seq) FROM policy_articles a WHERE a.document_id = d.id), ''))
FROM policy_documents d;

DROP INDEX policy_documents_grams_idx;
ALTER TABLE policy_documents DROP COLUMN search_text, DROP COLUMN search_grams;
CREATE INDEX policy_documents_region_idx ON policy_documents (region_code);
