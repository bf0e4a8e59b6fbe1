import type { FastifyPluginAsync } from 'fastify';
import { detailOf, guardedErrors, utm } from '../schemas.ts';

/** Comment choices of spec 000 §7 `GET api/comments?section` (carDetails, electricalsInterior; exteriorTyres too). */
const commentRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/api/comments',
    {
      config: { access: 'review' },
      schema: {
        summary: 'Comment options of a section, by rank',
        querystring: {
          type: 'object',
          properties: { ...utm, section: { type: 'string', enum: ['carDetails', 'electricalsInterior', 'exteriorTyres'] } },
          required: ['section'],
        },
        response: {
          200: detailOf({
            type: 'array',
            items: {
              type: 'object',
              properties: { comment: { type: 'string' }, id: { type: 'integer' }, status: { type: 'string' }, rank: { type: 'integer' }, type: { type: 'string' } },
              required: ['comment', 'id', 'status', 'rank', 'type'],
            },
          }),
          ...guardedErrors,
        },
      },
    },
    async (request) => {
      const { section } = request.query as { section: string };
      const { rows } = await app.db.query('SELECT comment, id, status, rank, type FROM comment_options WHERE section = $1 ORDER BY rank, id', [section]);
      return { detail: rows };
    },
  );
};

export default commentRoutes;
