-- Invoice checks (发票鉴伪) paid by the price from the balance or by a check credit (发票鉴伪次数),
-- as the operator sets it per installation or per group; and the index of the sweep that refunds
-- checks a crash left charged but unanswered.

-- The check credits of a wallet: ledger asset 7, beside the balance (0) and the six report credits.
ALTER TABLE wallets ADD COLUMN check_credits integer NOT NULL DEFAULT 0 CHECK (check_credits >= 0);
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_asset_check;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_asset_check CHECK (asset BETWEEN 0 AND 7);

-- 'price': price_fen from the balance; 'credit': one check credit a check.
ALTER TABLE invoice_check_prices ADD COLUMN charge_mode text NOT NULL DEFAULT 'price'
  CHECK (charge_mode IN ('price', 'credit'));

-- What a check took: 0 the balance (price_fen), 7 one check credit.
ALTER TABLE invoice_checks ADD COLUMN charge_asset smallint NOT NULL DEFAULT 0 CHECK (charge_asset IN (0, 7));

-- Charged, not yet answered nor refunded: what the sweep looks at.
CREATE INDEX invoice_checks_unanswered ON invoice_checks (created_at) WHERE verdict = 'error' AND refunded_at IS NULL;
