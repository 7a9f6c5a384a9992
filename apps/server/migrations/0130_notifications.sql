-- Stored notifications (spec §3 "Notification (stored form)": msgType and msg as JSON with id, taxNo,
-- taxpayerName), the header's notification list (issue 19). One row per recipient, so each user reads
-- and marks its own; the socket pop-up is only the live echo of a row written here.
CREATE TABLE notifications (
  id bigserial PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  msg_type text NOT NULL,
  msg jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz
);
CREATE INDEX notifications_user_recent ON notifications (user_id, id DESC);
CREATE INDEX notifications_user_unread ON notifications (user_id) WHERE read_at IS NULL;
