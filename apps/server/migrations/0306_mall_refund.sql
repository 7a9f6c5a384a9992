-- Refund of a shop purchase (issue 15): 运营 gives the price back to the buyer's balance (ledger
-- reason mall_refund) and takes back the credits a credits pack granted. The request then reads
-- 已退款 with the operator's reason; a purchase is refunded once (the state says so).
ALTER TABLE data_server_delivery_requests
  DROP CONSTRAINT data_server_delivery_requests_status_check,
  ADD CONSTRAINT data_server_delivery_requests_status_check
    CHECK (status IN ('submitted', 'contacted', 'closed', 'refunded')),
  ADD COLUMN refund_reason text,
  ADD COLUMN refunded_at timestamptz,
  ADD COLUMN refund_ledger_entry_id bigint REFERENCES ledger_entries (id),
  ADD CONSTRAINT data_server_delivery_requests_refund CHECK (
    status <> 'refunded' OR (kind = 'purchase' AND refund_reason IS NOT NULL AND refund_ledger_entry_id IS NOT NULL));
