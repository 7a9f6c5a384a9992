-- Files a share link has accepted in its life, reserved before each upload is stored (issue 12:
-- the cap was a count of imports read before inserting, so parallel uploads all passed it).
ALTER TABLE share_links ADD COLUMN upload_count integer NOT NULL DEFAULT 0 CHECK (upload_count >= 0);
UPDATE share_links s SET upload_count = (SELECT count(*) FROM imports i WHERE i.share_link_id = s.id);
