-- Invoice imports that can be deleted and replaced, and what the special-business sheets say.

-- Which imports hold which invoices: deleting an import removes an invoice only when no other
-- import still holds it. Invoices imported before this table existed are held by their last import.
CREATE TABLE import_invoices (
  import_id bigint NOT NULL REFERENCES imports (id) ON DELETE CASCADE,
  company_id bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  invoice_key text NOT NULL,
  PRIMARY KEY (import_id, invoice_key)
);
CREATE INDEX import_invoices_company_key ON import_invoices (company_id, invoice_key);
INSERT INTO import_invoices (import_id, company_id, invoice_key)
  SELECT import_id, company_id, key FROM invoices WHERE import_id IS NOT NULL;

-- Rows of the export's special-business sheets (建筑服务, 不动产经营租赁服务, 铁路电子客票 …) as labelled
-- values of the invoice they name; personal data arrives masked from the importer.
CREATE TABLE invoice_details (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES groups (id),
  company_id bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  invoice_key text NOT NULL,
  business text NOT NULL,
  row_no integer NOT NULL,
  fields jsonb NOT NULL,
  import_id bigint REFERENCES imports (id) ON DELETE SET NULL,
  UNIQUE (company_id, invoice_key, business, row_no)
);

-- An upload that replaces an earlier import: once it succeeds, the earlier one is deleted.
ALTER TABLE imports ADD COLUMN replaces_import_id bigint REFERENCES imports (id) ON DELETE SET NULL;
