-- Partner invitations (spec §7 /api/PartnerInviteRecord/*): a firm invites another firm with a link;
-- the sign-up through the link and the inviter's reward are recorded.
CREATE TABLE partner_invites (
  id bigint GENERATED ALWAYS AS IDENTITY (START WITH 1000) PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES groups (id),
  created_by bigint NOT NULL REFERENCES users (id),
  -- Only the hash of the link's token is kept, like share links.
  token_hash bytea NOT NULL UNIQUE,
  note text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);
CREATE INDEX partner_invites_group ON partner_invites (group_id, created_at DESC);

CREATE TABLE partner_invite_signups (
  id bigint GENERATED ALWAYS AS IDENTITY (START WITH 1000) PRIMARY KEY,
  invite_id bigint NOT NULL REFERENCES partner_invites (id),
  inviter_group_id bigint NOT NULL REFERENCES groups (id),
  invited_user_id bigint NOT NULL UNIQUE REFERENCES users (id),
  -- Set when the invited user binds its own account subject, i.e. becomes a firm.
  invited_group_id bigint UNIQUE REFERENCES groups (id),
  signed_up_at timestamptz NOT NULL DEFAULT now(),
  bound_at timestamptz,
  -- The reward paid to the inviter's main account: credit type, count and its ledger row.
  reward_type smallint CHECK (reward_type BETWEEN 1 AND 6),
  reward_count integer CHECK (reward_count > 0),
  reward_entry_id bigint REFERENCES ledger_entries (id),
  CHECK ((reward_entry_id IS NULL) = (reward_count IS NULL))
);
CREATE INDEX partner_invite_signups_group ON partner_invite_signups (inviter_group_id, signed_up_at DESC);

-- The reward for a firm that signed up through an invitation and bound its subject; 0 credits = none.
INSERT INTO app_settings (key, value) VALUES ('partner_invite_reward', '{"creditType": 1, "count": 2}')
ON CONFLICT (key) DO NOTHING;
