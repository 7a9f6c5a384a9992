-- One-time codes a signed-in user hands to a partner platform (szx/auth/code): hashed, 5 minutes, single use.
CREATE TABLE partner_sso_codes (
  code_hash bytea PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX partner_sso_codes_expiry ON partner_sso_codes (expires_at);
