-- Deleting a sub-account takes its invoice check credits (ledger asset 7, migration 0110) back to the
-- main account as a take_back transfer, like its balance and report credits.
ALTER TABLE wallet_transfers DROP CONSTRAINT wallet_transfers_asset_check;
ALTER TABLE wallet_transfers ADD CONSTRAINT wallet_transfers_asset_check CHECK (asset BETWEEN 0 AND 7);
