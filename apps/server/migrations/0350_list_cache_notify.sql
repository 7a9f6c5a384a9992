-- Each API instance keeps findFirmList's answers in memory (issue 21, lib/list-cache.ts). What a
-- group's list shows lives in three tables: companies (every column it shows), users (the
-- assignee's name or masked phone; who is staff and not deleted, for a supervisor's scope) and
-- team_members (a supervisor's staff). A change to any of them tells every instance at commit, on
-- the session cache's channel (so the change requests' barrier covers it), to drop that group's
-- lists: 'l:<group id>', or 'l:*' after a TRUNCATE. Whoever writes: any instance, the worker, psql.
CREATE FUNCTION taxlens_list_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('taxlens_session', 'l:*');
    RETURN NULL;
  END IF;
  -- Both groups when a row moves between them; PostgreSQL sends one of identical payloads of a
  -- transaction, so a bulk change of one group notifies once.
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.group_id IS NOT NULL THEN
    PERFORM pg_notify('taxlens_session', 'l:' || OLD.group_id);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.group_id IS NOT NULL THEN
    PERFORM pg_notify('taxlens_session', 'l:' || NEW.group_id);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER companies_list_cache AFTER INSERT OR UPDATE OR DELETE ON companies
  FOR EACH ROW EXECUTE FUNCTION taxlens_list_changed();
CREATE TRIGGER team_members_list_cache AFTER INSERT OR UPDATE OR DELETE ON team_members
  FOR EACH ROW EXECUTE FUNCTION taxlens_list_changed();
-- Only the users' columns a list reads (a sign-in or a theme change leaves the lists alone). A
-- column added to the list from users must be added here too (company-page.ts says so).
CREATE TRIGGER users_list_cache AFTER UPDATE ON users
  FOR EACH ROW WHEN (OLD.nick_name IS DISTINCT FROM NEW.nick_name OR OLD.phone IS DISTINCT FROM NEW.phone
    OR OLD.level IS DISTINCT FROM NEW.level OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at
    OR OLD.group_id IS DISTINCT FROM NEW.group_id)
  EXECUTE FUNCTION taxlens_list_changed();
-- A new user is nobody's assignee or staff yet; a removed one may have been.
CREATE TRIGGER users_list_cache_gone AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION taxlens_list_changed();

CREATE TRIGGER companies_list_cache_truncate AFTER TRUNCATE ON companies
  FOR EACH STATEMENT EXECUTE FUNCTION taxlens_list_changed();
CREATE TRIGGER team_members_list_cache_truncate AFTER TRUNCATE ON team_members
  FOR EACH STATEMENT EXECUTE FUNCTION taxlens_list_changed();
CREATE TRIGGER users_list_cache_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION taxlens_list_changed();
