-- Issue 18: the session guard's answers are cached per server process for a few seconds (server/session-cache.ts).
-- Whatever changes a session or an account, in any process or by hand, tells every process at commit on one
-- channel, so each drops what it holds for it at once: a session by its token hash, an account by its id, all of
-- them when a table is emptied. The schema goes along because several test schemas share one database.
CREATE FUNCTION session_change_notice() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- One branch per shape: a statement is planned when first run, and OLD has no token_hash on users.
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('qc_session_changes', json_build_object('schema', current_schema(), 'all', true)::text);
  ELSIF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('qc_session_changes', json_build_object('schema', current_schema(), 'tokenHash', OLD.token_hash)::text);
  ELSE
    PERFORM pg_notify('qc_session_changes', json_build_object('schema', current_schema(), 'userId', OLD.id)::text);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER sessions_change_notice AFTER UPDATE OR DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION session_change_notice();
CREATE TRIGGER users_change_notice AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION session_change_notice();
CREATE TRIGGER sessions_truncate_notice AFTER TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION session_change_notice();
CREATE TRIGGER users_truncate_notice AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION session_change_notice();
