import type { FastifyPluginAsync } from 'fastify';
import { errorSchema } from '../errors.ts';
import { anyObject, appointmentIdSchema, detailOf, guardedErrors, utm } from '../schemas.ts';
import { registryOf } from '../services/registry.ts';

/** Government registry data of an appointment (spec 000 §5, §7): parivahan1, vahanWebsite, parseSms, bgcData. */
const registryRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/vahan/:appointmentId',
    {
      config: { access: 'review' },
      schema: {
        summary: 'Registry data by appointment; a source the registry did not answer is null',
        params: { type: 'object', properties: { appointmentId: appointmentIdSchema }, required: ['appointmentId'] },
        querystring: { type: 'object', properties: utm },
        response: { 200: detailOf(anyObject), ...guardedErrors, 404: errorSchema },
      },
    },
    async (request) => ({ detail: await registryOf(app.db, (request.params as { appointmentId: string }).appointmentId) }),
  );
};

export default registryRoutes;
