-- 工商信息报告 and 尽职调查报告 go through the report pool beside the other kinds.
ALTER TABLE reports DROP CONSTRAINT reports_report_type_check;
ALTER TABLE reports ADD CONSTRAINT reports_report_type_check
  CHECK (report_type IN ('INVOICE', 'TAX', 'COMPREHENSIVE', 'PANORAMIC', 'BUSINESS_INFO', 'DUE_DILIGENCE'));
