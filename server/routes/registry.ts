import type { FastifyPluginAsync } from 'fastify';
import type { RegistryData } from '../../src/engine/inspection.ts';
import { errorSchema, notFound } from '../errors.ts';
import { anyObject, detailOf, guardedErrors, utm } from '../schemas.ts';

/** Government registry data of an appointment (spec 000 §5, §7): parivahan1, vahanWebsite, parseSms, bgcData. */
const registryRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/vahan/:appointmentId',
    {
      config: { access: 'review' },
      schema: {
        summary: 'Registry data by appointment; a source the registry did not answer is null',
        params: { type: 'object', properties: { appointmentId: { type: 'string', pattern: '^[0-9A-Za-z-]{1,30}$' } }, required: ['appointmentId'] },
        querystring: { type: 'object', properties: utm },
        response: { 200: detailOf(anyObject), ...guardedErrors, 404: errorSchema },
      },
    },
    async (request) => {
      const { appointmentId } = request.params as { appointmentId: string };
      const known = await app.db.query('SELECT 1 FROM inspections WHERE appointment_id = $1 LIMIT 1', [appointmentId]);
      if (!known.rows.length) throw notFound(`Appointment ${appointmentId} not found`);
      const { rows } = await app.db.query<{ data: RegistryData }>('SELECT data FROM registry_data WHERE appointment_id = $1', [appointmentId]);
      const empty: RegistryData = { parivahan1: null, vahanWebsite: null, parseSms: null, bgcData: null };
      return { detail: { ...empty, ...(rows[0]?.data ?? {}) } };
    },
  );
};

export default registryRoutes;
