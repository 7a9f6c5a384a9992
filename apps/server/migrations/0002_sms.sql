-- SMS verification codes (stored hashed, single use) and the outbox of the built-in sender.

CREATE TABLE sms_codes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  phone text NOT NULL,
  -- 1 sign-up, 2 code login, 3 password reset, 4 change password, 5 change phone.
  purpose smallint NOT NULL CHECK (purpose BETWEEN 1 AND 5),
  code_hash bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  wrong_tries smallint NOT NULL DEFAULT 0
);
CREATE INDEX sms_codes_phone ON sms_codes (phone, created_at DESC);

CREATE TABLE sms_outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  phone text NOT NULL,
  content text NOT NULL,
  provider text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sms_outbox_phone ON sms_outbox (phone, created_at DESC);
