-- How a group's sub-accounts pay for reports (issue 19, "staff can work on day one").
-- 'shared': a sub-account pays from its own wallet when that can pay, else from the main account's
--           wallet (the group wallet), within its optional monthly limit.
-- 'own':    each sub-account pays only from its own wallet, filled by 划拨 (the behaviour before).
-- Existing groups keep 'own'; a group created by binding an account subject starts 'shared'.
ALTER TABLE groups ADD COLUMN wallet_mode text NOT NULL DEFAULT 'own' CHECK (wallet_mode IN ('shared', 'own'));

-- Per sub-account cap, in fen of report prices, on what it may draw from the group wallet per
-- calendar month (null: no cap). Credits drawn count at the report's price.
ALTER TABLE users ADD COLUMN monthly_limit_fen bigint CHECK (monthly_limit_fen >= 0);

-- Whose wallet paid a charge: null is the requesting user (user_id); a shared draw names the main account.
ALTER TABLE report_charges ADD COLUMN payer_user_id bigint REFERENCES users (id);
CREATE INDEX report_charges_user_month ON report_charges (user_id, created_at) WHERE payer_user_id IS NOT NULL;
