-- Online banking (网银支付, spec §7 /api/spdb/*): a third way of paying an order, beside the sandbox
-- cashier and bank transfer.
ALTER TABLE orders DROP CONSTRAINT orders_pay_method_check;
ALTER TABLE orders ADD CONSTRAINT orders_pay_method_check CHECK (pay_method IN ('sandbox', 'bank_online', 'bank_transfer'));
