import type { FastifyPluginAsync } from 'fastify';
import { getProduct } from '../../src/products/registry.ts';
import { commentOptions } from '../repos/lookups.ts';
import { commentSectionSchema } from '../review-schemas.ts';
import { detailOf, guardedErrors, utm } from '../schemas.ts';

/** Comment choices of spec 000 §7 `GET api/comments?section`, for the sections where the car config has a comments row. */
const commentRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/api/comments',
    {
      // A catalogue like the other lookups: the review rows' comment choices, also in the config studio's preview.
      config: { access: 'lookups' },
      schema: {
        summary: 'Comment options of a section, by rank',
        querystring: {
          type: 'object',
          properties: { ...utm, section: commentSectionSchema(getProduct('car').config) },
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
    async (request) => ({ detail: await commentOptions(app.db, (request.query as { section: string }).section) }),
  );
};

export default commentRoutes;
