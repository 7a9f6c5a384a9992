-- Each API instance keeps the sessions it resolved in memory for a few seconds (issue 21). Whatever
-- a session resolves to lives in four tables: the session, its user, the user's group and wallet.
-- A change to any of them tells every instance at commit (channel taxlens_session) which entries to
-- drop: 's:<session id>', 'u:<user id>', 'g:<group id>', or '*' (a TRUNCATE: drop everything).
CREATE FUNCTION taxlens_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('taxlens_session', '*');
    RETURN NULL;
  END IF;
  -- TG_ARGV: the prefix and the column naming what changed. PostgreSQL sends one of two identical
  -- payloads of a transaction, so an UPDATE that keeps the key notifies once.
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('taxlens_session', TG_ARGV[0] || ':' || (to_jsonb(OLD) ->> TG_ARGV[1]));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify('taxlens_session', TG_ARGV[0] || ':' || (to_jsonb(NEW) ->> TG_ARGV[1]));
  END IF;
  RETURN NULL;
END $$;

-- A new session is never cached yet: only changes and removals matter.
CREATE TRIGGER sessions_session_cache AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION taxlens_session_changed('s', 'id');
CREATE TRIGGER users_session_cache AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION taxlens_session_changed('u', 'id');
CREATE TRIGGER groups_session_cache AFTER UPDATE OR DELETE ON groups
  FOR EACH ROW EXECUTE FUNCTION taxlens_session_changed('g', 'id');
-- A wallet appearing changes the balance a session shows (none → 0).
CREATE TRIGGER wallets_session_cache AFTER INSERT OR UPDATE OR DELETE ON wallets
  FOR EACH ROW EXECUTE FUNCTION taxlens_session_changed('u', 'user_id');

CREATE TRIGGER sessions_session_cache_truncate AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION taxlens_session_changed();
CREATE TRIGGER users_session_cache_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION taxlens_session_changed();
CREATE TRIGGER groups_session_cache_truncate AFTER TRUNCATE ON groups
  FOR EACH STATEMENT EXECUTE FUNCTION taxlens_session_changed();
CREATE TRIGGER wallets_session_cache_truncate AFTER TRUNCATE ON wallets
  FOR EACH STATEMENT EXECUTE FUNCTION taxlens_session_changed();
