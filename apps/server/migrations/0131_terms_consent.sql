-- Consent to the 服务条款 and 隐私政策 at sign-up (PIPL art. 13/14: consent given by a clear act, and
-- the operator must be able to show when and to which version). Accounts created before this, and
-- sub-accounts created by a main account, have none recorded (null).
ALTER TABLE users ADD COLUMN terms_accepted_at timestamptz;
ALTER TABLE users ADD COLUMN terms_version text;
