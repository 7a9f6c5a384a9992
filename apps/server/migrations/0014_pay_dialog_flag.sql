-- notCheckPayDialogFlag (spec §3/§4): a report was refused for lack of funds, so the pay dialog is
-- checked again on the user's next pages, on any device, until a payment credits them.
ALTER TABLE users ADD COLUMN pay_dialog_flag boolean NOT NULL DEFAULT false;
