-- 畅捷通 bookkeeping authorisation (issue 10, spec /api/BusinessPanoramicReport/cjt/*): the client
-- authorises our app on Chanjet's open platform (OAuth2 authorization code); the account set's
-- statements are pulled and imported through the statement importer. The token is wiped on close.

CREATE TABLE chanjet_authorisations (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES groups (id),
  company_id bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  created_by bigint REFERENCES users (id),
  -- waiting (URL handed out) → authorised (code exchanged) → closed (token revoked and wiped).
  state text NOT NULL CHECK (state IN ('waiting', 'authorised', 'closed')),
  -- The OAuth2 `state` parameter: ties the redirect back to this row and the group that started it.
  oauth_state text NOT NULL UNIQUE,
  access_token text,
  refresh_token text,
  token_expires_at timestamptz,
  import_ids bigint[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX chanjet_authorisations_group ON chanjet_authorisations (group_id, created_at DESC);
