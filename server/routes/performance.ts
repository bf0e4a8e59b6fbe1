import dayjs from 'dayjs';
import type { FastifyPluginAsync } from 'fastify';
import { currentUser } from '../auth.ts';
import { forbidden } from '../errors.ts';
import { detailOf, email, guardedErrors, utm } from '../schemas.ts';

interface PerformerRow {
  email: string;
  name: string;
  total: number;
  tat: number;
  active: boolean;
}

const performer = { type: 'object', properties: { user: { type: 'string' }, email: { type: 'string' }, totalNoReview: { type: 'integer' }, tat: { type: 'number' }, rank: { type: 'integer' }, isActive: { type: 'boolean' } } };

/**
 * Today's performers ranked by reviews submitted (more is better), then by TAT (average minutes from the
 * end of the inspection to the end of its review, less is better).
 */
export async function leaderboard(db: import('../db.ts').Queryable, since: Date) {
  const { rows } = await db.query<PerformerRow>(
    `SELECT s.reviewer AS email, COALESCE(u.name, s.reviewer) AS name, count(*)::int AS total,
            round(avg(extract(epoch FROM (s.review_end_time - i.inspection_end_time)) / 60)::numeric, 1)::float AS tat,
            EXISTS (SELECT 1 FROM sessions x WHERE x.user_id = u.id AND x.revoked_at IS NULL AND x.expires_at > now()) AS active
       FROM submissions s JOIN inspections i ON i.car_id = s.car_id LEFT JOIN users u ON lower(u.email) = lower(s.reviewer)
      WHERE s.review_end_time >= $1
      GROUP BY s.reviewer, u.name, u.id
      ORDER BY total DESC, tat ASC, s.reviewer`,
    [since.toISOString()],
  );
  return rows.map((r, i) => ({ user: r.name, email: r.email, totalNoReview: r.total, tat: r.tat, rank: i + 1, isActive: r.active }));
}

/** The performance panel of spec 000 §2 (QC roles). */
const performanceRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/v2/get-leader-board-data',
    {
      config: { access: 'performance' },
      schema: {
        summary: "Top performers of the day and the caller's rank",
        querystring: { type: 'object', properties: { ...utm, email }, required: ['email'] },
        response: {
          200: detailOf({
            type: 'object',
            properties: {
              topPerformers: { type: 'array', items: performer },
              myPerformance: { type: 'object', nullable: true, properties: { rank: { type: 'integer' }, totalNoReview: { type: 'integer' }, tat: { type: 'number' } } },
            },
          }),
          ...guardedErrors,
        },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { email: asked } = request.query as { email: string };
      if (!me.isExcludedUser && asked.toLowerCase() !== me.email.toLowerCase()) throw forbidden('You can only see your own performance');
      const all = await leaderboard(app.db, dayjs().startOf('day').toDate());
      const mine = all.find((p) => p.email.toLowerCase() === asked.toLowerCase());
      return {
        detail: {
          topPerformers: all.slice(0, 10),
          myPerformance: mine ? { rank: mine.rank, totalNoReview: mine.totalNoReview, tat: mine.tat } : null,
        },
      };
    },
  );
};

export default performanceRoutes;
