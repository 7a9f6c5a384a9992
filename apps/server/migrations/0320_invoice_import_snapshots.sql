-- Issue 21: a compact copy of the invoices and lines one import inserted, read by the invoice
-- reports instead of 100 000 rows (modules/reports/snapshots). Kept only while every row it
-- copies is unchanged: any UPDATE or DELETE of such a row (a later import taking the invoice
-- over, a re-import replacing lines, an import or company deleted) drops the snapshot in the
-- same statement, so a snapshot that exists is always exact.
CREATE TABLE invoice_import_snapshots (
  import_id bigint PRIMARY KEY REFERENCES imports (id) ON DELETE CASCADE,
  company_id bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  -- Shanghai wall-clock span of its invoices, for picking the snapshots a period needs.
  first_issued timestamp,
  last_issued timestamp,
  head_count integer NOT NULL,
  line_count integer NOT NULL,
  data bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX invoice_import_snapshots_company ON invoice_import_snapshots (company_id);
-- Already compressed as far as it helps (distinct values once, small integers per row).
ALTER TABLE invoice_import_snapshots ALTER COLUMN data SET STORAGE EXTERNAL;

CREATE FUNCTION drop_changed_invoice_snapshots() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM invoice_import_snapshots
   WHERE import_id IN (SELECT DISTINCT import_id FROM changed_rows WHERE import_id IS NOT NULL);
  RETURN NULL;
END $$;

CREATE TRIGGER invoices_drop_snapshots_on_update AFTER UPDATE ON invoices
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION drop_changed_invoice_snapshots();
CREATE TRIGGER invoices_drop_snapshots_on_delete AFTER DELETE ON invoices
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION drop_changed_invoice_snapshots();
CREATE TRIGGER invoice_lines_drop_snapshots_on_update AFTER UPDATE ON invoice_lines
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION drop_changed_invoice_snapshots();
CREATE TRIGGER invoice_lines_drop_snapshots_on_delete AFTER DELETE ON invoice_lines
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION drop_changed_invoice_snapshots();

-- TRUNCATE fires no row triggers: emptying either table empties the snapshots too.
CREATE FUNCTION drop_all_invoice_snapshots() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM invoice_import_snapshots;
  RETURN NULL;
END $$;
CREATE TRIGGER invoices_drop_snapshots_on_truncate AFTER TRUNCATE ON invoices
  FOR EACH STATEMENT EXECUTE FUNCTION drop_all_invoice_snapshots();
CREATE TRIGGER invoice_lines_drop_snapshots_on_truncate AFTER TRUNCATE ON invoice_lines
  FOR EACH STATEMENT EXECUTE FUNCTION drop_all_invoice_snapshots();
