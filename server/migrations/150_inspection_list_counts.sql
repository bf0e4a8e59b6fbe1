-- Issue 18 'Server at scale': the inspection list's total without counting the window's rows on every call (50,000
-- index entries for six months of 100,000 inspections: 12 ms warm on PostgreSQL, every call).
-- The latest versions per UTC day of inspection_end_time, in all (inspection_list_day_counts: what the unfiltered
-- list sums, ~180 rows) and per value of the list's other filters (inspection_list_counts: city, store and category,
-- ~50 rows a day), kept by the statement that writes the inspections, so a count read in any snapshot agrees with
-- the rows of that snapshot. The list sums the whole days of its window here and counts the partial days at its
-- edges from the rows (server/repos/inspections.ts listPage): exact for any window and any server time zone.
CREATE TABLE inspection_list_counts (
  day date NOT NULL,
  city_id integer NOT NULL,
  store_id integer NOT NULL,
  category text NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (day, city_id, store_id, category)
);
CREATE TABLE inspection_list_day_counts (day date PRIMARY KEY, n integer NOT NULL);

-- The key an inspection row counts under, with how much it counts.
CREATE FUNCTION inspection_list_key(r inspections, delta integer) RETURNS inspection_list_counts LANGUAGE sql STABLE AS $$
  SELECT ((r.inspection_end_time AT TIME ZONE 'UTC')::date, r.city_id, r.store_id, r.category, delta)::inspection_list_counts
$$;

-- Adds the deltas, netted per key: an assignment or a submission (no key changes) writes nothing. Keys are written
-- in order, so two writers that touch the same keys take their row locks in the same order.
CREATE FUNCTION inspection_list_count_add(deltas inspection_list_counts[]) RETURNS void LANGUAGE sql AS $$
  WITH d AS (
    SELECT day, city_id, store_id, category, sum(n)::integer AS n FROM unnest(deltas) GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0
  ), keys AS (
    INSERT INTO inspection_list_counts AS c SELECT * FROM d ORDER BY 1, 2, 3, 4
    ON CONFLICT (day, city_id, store_id, category) DO UPDATE SET n = c.n + EXCLUDED.n
  )
  INSERT INTO inspection_list_day_counts AS c SELECT day, sum(n) FROM d GROUP BY day HAVING sum(n) <> 0 ORDER BY day
  ON CONFLICT (day) DO UPDATE SET n = c.n + EXCLUDED.n
$$;

-- The rows a statement added to the latest versions count +1, those it took out −1.
CREATE FUNCTION inspection_list_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM inspection_list_count_add(ARRAY(SELECT inspection_list_key(r, 1) FROM new_rows r WHERE r.is_latest));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM inspection_list_count_add(ARRAY(SELECT inspection_list_key(r, -1) FROM old_rows r WHERE r.is_latest));
  ELSE
    PERFORM inspection_list_count_add(ARRAY(
      SELECT inspection_list_key(r, 1) FROM new_rows r WHERE r.is_latest
      UNION ALL SELECT inspection_list_key(r, -1) FROM old_rows r WHERE r.is_latest));
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER inspection_list_count_insert AFTER INSERT ON inspections REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION inspection_list_count();
CREATE TRIGGER inspection_list_count_update AFTER UPDATE ON inspections REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION inspection_list_count();
CREATE TRIGGER inspection_list_count_delete AFTER DELETE ON inspections REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION inspection_list_count();

CREATE FUNCTION inspection_list_count_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM inspection_list_counts;
  DELETE FROM inspection_list_day_counts;
  RETURN NULL;
END
$$;
CREATE TRIGGER inspection_list_count_truncate AFTER TRUNCATE ON inspections FOR EACH STATEMENT EXECUTE FUNCTION inspection_list_count_truncate();

SELECT inspection_list_count_add(ARRAY(SELECT inspection_list_key(r, 1) FROM inspections r WHERE r.is_latest));
-- Statistics for the planner now (PGlite has no autovacuum to gather them later).
ANALYZE inspection_list_counts, inspection_list_day_counts;
