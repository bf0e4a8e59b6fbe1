import type { FastifyPluginAsync } from 'fastify';
import { currentUser } from '../auth.ts';
import { detailOf, email, guardedErrors, utm } from '../schemas.ts';
import { leaderboardOfToday } from '../services/performance.ts';

const performer = { type: 'object', properties: { user: { type: 'string' }, email: { type: 'string' }, totalNoReview: { type: 'integer' }, tat: { type: 'number' }, rank: { type: 'integer' }, isActive: { type: 'boolean' } } };

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
    async (request) => ({ detail: await leaderboardOfToday(app.db, currentUser(request), (request.query as { email: string }).email) }),
  );
};

export default performanceRoutes;
