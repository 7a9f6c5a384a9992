-- Links a firm sends its client so the client can fill in its company and upload exports without an account.

CREATE TABLE share_links (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES groups (id),
  -- Null until the client names its company (a link for a company still to be named).
  company_id bigint REFERENCES companies (id) ON DELETE CASCADE,
  -- Kept readable so the firm can copy the link again; it grants only this upload, and only until it expires.
  token text NOT NULL UNIQUE,
  -- pending → bound (company filled in) → uploaded (at least one file came in)
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'bound', 'uploaded')),
  note text,
  created_by bigint NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  last_used_at timestamptz
);
CREATE INDEX share_links_group ON share_links (group_id, created_at DESC);

-- Mail the product would send; no SMTP server is configured by default, so it lands here and in the log.
CREATE TABLE mail_outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id bigint REFERENCES groups (id),
  recipient text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE imports ADD CONSTRAINT imports_share_link FOREIGN KEY (share_link_id) REFERENCES share_links (id) ON DELETE SET NULL;
