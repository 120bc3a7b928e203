-- The change feed behind the server's answer cache (server/services/answer-cache.ts): every statement that changes a
-- row an answer may be built from names the users it concerns on the channel `sunplot_changes` (one user id per
-- notification, or '*' for a row no one owns, such as a demo parcel). PostgreSQL delivers them at commit, to every
-- server on the database. A table read by a cached answer must have these triggers.
-- TG_ARGV[0] selects the affected users' ids as text from a transition table named by %I.
CREATE FUNCTION sunplot_notify_changes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  affected text;
BEGIN
  FOR affected IN EXECUTE format(TG_ARGV[0], 'changed_rows')
    || CASE WHEN TG_OP = 'UPDATE' THEN ' UNION ' || format(TG_ARGV[0], 'old_rows') ELSE '' END
  LOOP
    PERFORM pg_notify('sunplot_changes', coalesce(affected, '*'));
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A transition table can serve one event only, so each table has three triggers.
CREATE PROCEDURE sunplot_feed_changes(target regclass, affected_users text) LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('CREATE TRIGGER %s AFTER INSERT ON %s REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION sunplot_notify_changes(%L)',
    quote_ident(target::text || '_changes_insert'), target, affected_users);
  EXECUTE format('CREATE TRIGGER %s AFTER UPDATE ON %s REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION sunplot_notify_changes(%L)',
    quote_ident(target::text || '_changes_update'), target, affected_users);
  EXECUTE format('CREATE TRIGGER %s AFTER DELETE ON %s REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION sunplot_notify_changes(%L)',
    quote_ident(target::text || '_changes_delete'), target, affected_users);
END $$;
--> statement-breakpoint
CALL sunplot_feed_changes('users', 'SELECT DISTINCT id::text FROM %I');
--> statement-breakpoint
CALL sunplot_feed_changes('refresh_families', 'SELECT DISTINCT user_id::text FROM %I');
--> statement-breakpoint
CALL sunplot_feed_changes('projects', 'SELECT DISTINCT owner_id::text FROM %I');
--> statement-breakpoint
-- Deleting a project deletes its links too, after the project row is gone: the projects trigger names that owner.
CALL sunplot_feed_changes('project_parcels', 'SELECT DISTINCT p.owner_id::text FROM %I c JOIN projects p ON p.id = c.project_id');
--> statement-breakpoint
CALL sunplot_feed_changes('parcels', 'SELECT DISTINCT owner_id::text FROM %I');
--> statement-breakpoint
CALL sunplot_feed_changes('feasibility_studies', 'SELECT DISTINCT owner_id::text FROM %I');
