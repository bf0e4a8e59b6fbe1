/** The performance panel's read (spec 000 §2): reviews submitted per reviewer, from submissions, inspections and sessions. */
import type { Queryable } from '../db.ts';

interface PerformerRow {
  email: string;
  name: string;
  total: number;
  tat: number;
  active: boolean;
}

/**
 * Performers since `since` ranked by reviews submitted (more is better), then by TAT (average minutes from the
 * end of the inspection to the end of its review, less is better). An inspection version counts once, by its first
 * submission: a done one submitted again (000 §4) is the same review corrected.
 */
export async function leaderboard(db: Queryable, since: Date) {
  const { rows } = await db.query<PerformerRow>(
    `SELECT s.reviewer AS email, COALESCE(u.name, s.reviewer) AS name, count(*)::int AS total,
            round(avg(extract(epoch FROM (s.review_end_time - i.inspection_end_time)) / 60)::numeric, 1)::float AS tat,
            EXISTS (SELECT 1 FROM sessions x WHERE x.user_id = u.id AND x.revoked_at IS NULL AND x.expires_at > now()) AS active
       FROM (SELECT DISTINCT ON (car_id, version) * FROM submissions ORDER BY car_id, version, id) s
       JOIN inspections i ON i.car_id = s.car_id LEFT JOIN users u ON lower(u.email) = lower(s.reviewer)
      WHERE s.review_end_time >= $1
      GROUP BY s.reviewer, u.name, u.id
      ORDER BY total DESC, tat ASC, s.reviewer`,
    [since.toISOString()],
  );
  return rows.map((r, i) => ({ user: r.name, email: r.email, totalNoReview: r.total, tat: r.tat, rank: i + 1, isActive: r.active }));
}
