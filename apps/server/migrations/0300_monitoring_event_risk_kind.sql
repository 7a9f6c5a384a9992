-- The provider's risk list a monitoring event came from (RISK_KINDS key; null for credit-level and
-- invoice-report events): the DATAPRICE message picks the data services (data_server_deliveries
-- .risk_kinds) answering the unread events' lists. Older events fall back to their monitored kind.
ALTER TABLE monitoring_events ADD COLUMN risk_kind text;
