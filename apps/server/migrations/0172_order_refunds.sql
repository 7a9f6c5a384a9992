-- Refunds of paid orders (issue 18, operator console): what the order granted is taken back from
-- the wallet (ledger rows, reason order_refund) and the money goes back offline; one refund per order.
CREATE TABLE order_refunds (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id bigint NOT NULL UNIQUE REFERENCES orders (id),
  group_id bigint NOT NULL REFERENCES groups (id),
  amount_fen bigint NOT NULL CHECK (amount_fen >= 0),
  reason text NOT NULL,
  bank_serial text,
  operator_id bigint NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_refunds_time ON order_refunds (created_at);
