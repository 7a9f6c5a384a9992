-- The 环开 rule looks up invoices between other companies of the same firm (B→C) by seller tax
-- number within a period; without this index that is a scan of every invoice of every firm.
CREATE INDEX invoices_group_seller_time ON invoices (group_id, seller_tax_no, issued_at);
