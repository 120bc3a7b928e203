-- The change feed behind the server's answer cache (server/services/answer-cache.ts): every statement that changes a
-- row an answer may be built from names the users it concerns on the channel `sunplot_changes` (one user id per
-- notification, or '*' for a row no one owns, such as a demo parcel). PostgreSQL delivers them at commit, to every
-- server on the database. A table read by a cached answer must be fed by `sunplot_feed_changes`.
--
-- sunplot_feed_changes(table, query) gives the table its own trigger function, whose query selects the affected
-- users' ids as text from the changed rows (a transition table, named by %1$I in the query), and three statement
-- triggers: a transition table serves one event only. The query is written into the function rather than run
-- through EXECUTE, so it is planned once per session instead of at every statement.
CREATE PROCEDURE sunplot_feed_changes(target regclass, affected_users text) LANGUAGE plpgsql AS $$
DECLARE
  name text := target::text;
  fn text := 'sunplot_notify_' || name || '_changes';
BEGIN
  EXECUTE format($f$
    CREATE FUNCTION %1$I() RETURNS trigger LANGUAGE plpgsql AS $body$
    DECLARE
      affected text;
    BEGIN
      IF TG_OP = 'UPDATE' THEN
        FOR affected IN %2$s UNION %3$s LOOP
          PERFORM pg_notify('sunplot_changes', coalesce(affected, '*'));
        END LOOP;
      ELSE
        FOR affected IN %2$s LOOP
          PERFORM pg_notify('sunplot_changes', coalesce(affected, '*'));
        END LOOP;
      END IF;
      RETURN NULL;
    END $body$
  $f$, fn, format(affected_users, 'changed_rows'), format(affected_users, 'old_rows'));
  EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %s REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()',
    name || '_changes_insert', target, fn);
  EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %s REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()',
    name || '_changes_update', target, fn);
  EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %s REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()',
    name || '_changes_delete', target, fn);
END $$;
--> statement-breakpoint
CALL sunplot_feed_changes('users', 'SELECT DISTINCT id::text FROM %1$I');
--> statement-breakpoint
CALL sunplot_feed_changes('refresh_families', 'SELECT DISTINCT user_id::text FROM %1$I');
--> statement-breakpoint
CALL sunplot_feed_changes('projects', 'SELECT DISTINCT owner_id::text FROM %1$I');
--> statement-breakpoint
-- Deleting a project deletes its links too, after the project row is gone: the projects trigger names that owner.
CALL sunplot_feed_changes('project_parcels', 'SELECT DISTINCT p.owner_id::text FROM %1$I c JOIN projects p ON p.id = c.project_id');
--> statement-breakpoint
CALL sunplot_feed_changes('parcels', 'SELECT DISTINCT owner_id::text FROM %1$I');
--> statement-breakpoint
CALL sunplot_feed_changes('feasibility_studies', 'SELECT DISTINCT owner_id::text FROM %1$I');
