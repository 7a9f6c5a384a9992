-- Wrong passwords are counted per phone AND client address (issue 12): six wrong passwords from one
-- address no longer lock the owner out everywhere. client_ip '' is an address unknown; '*' marks the
-- lock of a phone attacked from many addresses at once (password sign-in only: a code still works).
ALTER TABLE login_failures ADD COLUMN client_ip text NOT NULL DEFAULT '';
DROP INDEX login_failures_phone;
CREATE INDEX login_failures_phone ON login_failures (phone, client_ip, failed_at);
ALTER TABLE login_locks ADD COLUMN client_ip text NOT NULL DEFAULT '';
ALTER TABLE login_locks DROP CONSTRAINT login_locks_pkey;
ALTER TABLE login_locks ADD PRIMARY KEY (phone, client_ip);
