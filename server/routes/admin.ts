import type { FastifyPluginAsync } from 'fastify';
import type { InspectionField } from '../../src/engine/inspection.ts';
import { currentUser } from '../auth.ts';
import { badRequest, conflict, errorSchema, HttpError } from '../errors.ts';
import { audit, type InspectionRow } from '../inspections-repo.ts';
import { latestInspection } from '../review-helpers.ts';
import { detailOf, guardedErrors, utm } from '../schemas.ts';

const INVALID_APPOINTMENT = 'Invalid Appointment Id';

/** 404 with the admin forms' own texts (spec 002 §4/§8). */
async function latestOr404(db: Parameters<typeof latestInspection>[0], appointmentId: string, forUpdate = false): Promise<InspectionRow> {
  try {
    return await latestInspection(db, appointmentId, { forUpdate });
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) throw new HttpError(404, 'Not Found', 'Enter correct Appointment Id');
    throw error;
  }
}

const optionalText = { type: ['string', 'null'], maxLength: 50 } as const;
const appointmentId = { type: 'string', maxLength: 30 } as const;

function odometerField(row: InspectionRow): InspectionField | undefined {
  return row.detail.inspectionData.electricalsInterior?.odometerReading;
}

/** Admin corrections (spec 002 §7 'Admin forms'): registration number / variant and odometer, QC admin only. */
const adminRoutes: FastifyPluginAsync = async (app) => {
  app.post(
    '/update-correct-reg-number',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Correct the registration number (upper-cased, up to 11 characters) and/or the variant of the latest inspection of an appointment',
        querystring: { type: 'object', properties: utm },
        body: {
          type: 'object',
          properties: {
            appointmentId,
            registrationNumber: optionalText,
            oldRegistrationNumber: optionalText,
            variant: { type: ['string', 'integer', 'null'], maxLength: 100 },
            oldVariant: { type: ['string', 'integer', 'null'], maxLength: 100 },
          },
          required: ['appointmentId'],
        },
        response: {
          200: detailOf({
            type: 'object',
            properties: { appointmentId: { type: 'string' }, carId: { type: 'integer' }, registrationNumber: { type: 'string' }, variant: { type: 'string' }, variantId: { type: 'integer', nullable: true } },
          }),
          ...guardedErrors,
          404: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const body = request.body as { appointmentId: string; registrationNumber?: string | null; oldRegistrationNumber?: string | null; variant?: string | number | null; oldVariant?: string | number | null };
      const id = body.appointmentId.trim();
      if (!/^[0-9A-Za-z-]{1,30}$/.test(id)) throw badRequest(INVALID_APPOINTMENT);
      const reg = body.registrationNumber?.replace(/\s+/g, '').toUpperCase() || null;
      const oldReg = body.oldRegistrationNumber?.replace(/\s+/g, '').toUpperCase() || null;
      const variant = body.variant === null || body.variant === undefined || String(body.variant).trim() === '' ? null : String(body.variant).trim();
      const oldVariant = body.oldVariant === null || body.oldVariant === undefined || String(body.oldVariant).trim() === '' ? null : String(body.oldVariant).trim();
      if (oldReg && !reg) throw badRequest('Invalid new registration number');
      if (oldVariant && !variant) throw badRequest('Invalid new variant');
      if (!reg && !variant) throw badRequest('Nothing to change: give a new registration number or a new variant');
      if (reg && !/^[A-Z0-9]{1,11}$/.test(reg)) throw badRequest('Registration No should be 11 character long');

      return app.db.transaction(async (tx) => {
        const row = await latestOr404(tx, id, true);
        const car = (row.detail.inspectionData.carDetails ??= {});
        const changes: Record<string, { before: unknown; after: unknown }> = {};
        if (reg) {
          const field = (car.registrationNumber ??= { title: 'Registration Number', value: null });
          if (oldReg && String(field.value ?? '').toUpperCase() !== oldReg) throw conflict(`The registration number is ${field.value ?? 'empty'}, not ${oldReg}`);
          changes.registrationNumber = { before: field.value, after: reg };
          field.value = reg;
        }
        let variantId: number | null = null;
        let variantName = row.variant;
        if (variant) {
          const field = (car.variant ??= { title: 'Variant', value: null });
          if (oldVariant && String(field.value ?? '') !== oldVariant && String(field.id ?? '') !== oldVariant) {
            throw conflict(`The variant is ${field.value ?? 'empty'}, not ${oldVariant}`);
          }
          const modelId = car.model?.id;
          const { rows } = await tx.query<{ variant_id: number; variant_name: string; variant_display_name: string; transportation_category: string }>(
            `SELECT variant_id, variant_name, variant_display_name, transportation_category FROM variants
              WHERE ($1::int IS NULL OR model_id = $1) AND (variant_id::text = $2 OR lower(variant_name) = lower($2) OR lower(variant_display_name) = lower($2))
              ORDER BY (year = $3::int) IS TRUE DESC, year DESC LIMIT 1`,
            [typeof modelId === 'number' ? modelId : null, variant, Number(car.year?.value) || null],
          );
          if (!rows[0]) throw badRequest(`Invalid new variant: ${variant} is not a variant of ${row.make} ${row.model}`);
          changes.variant = { before: { value: field.value, id: field.id ?? null }, after: { value: rows[0].variant_name, id: rows[0].variant_id } };
          field.value = rows[0].variant_name;
          field.id = rows[0].variant_id;
          field.additionalInfo = { ...(field.additionalInfo ?? {}), variantDisplayName: rows[0].variant_display_name, transportation_category: rows[0].transportation_category };
          variantId = rows[0].variant_id;
          variantName = rows[0].variant_name;
        }
        await tx.query('UPDATE inspections SET detail = $2::jsonb, variant = $3, updated_at = now() WHERE car_id = $1', [row.car_id, JSON.stringify(row.detail), variantName]);
        await audit(tx, { actor: me.email, action: 'admin-reg-variant', carId: row.car_id, appointmentId: row.appointment_id, before: row.status, after: row.status, detail: changes });
        return {
          detail: {
            appointmentId: row.appointment_id,
            carId: row.car_id,
            registrationNumber: String(car.registrationNumber?.value ?? ''),
            variant: variantName,
            variantId: variantId ?? (typeof car.variant?.id === 'number' ? car.variant.id : null),
          },
        };
      });
    },
  );

  app.get(
    '/odometer/:appointmentId',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Recorded odometer reading of the latest inspection of an appointment',
        params: { type: 'object', properties: { appointmentId: { type: 'string', pattern: '^[0-9A-Za-z-]{1,30}$' } }, required: ['appointmentId'] },
        querystring: { type: 'object', properties: utm },
        response: {
          200: detailOf({ type: 'object', properties: { appointmentId: { type: 'string' }, carId: { type: 'integer' }, odometerReading: { type: 'integer', nullable: true } } }),
          ...guardedErrors,
          404: errorSchema,
        },
      },
    },
    async (request) => {
      const { appointmentId } = request.params as { appointmentId: string };
      const row = await latestOr404(app.db, appointmentId);
      const value = odometerField(row)?.value;
      return { detail: { appointmentId: row.appointment_id, carId: row.car_id, odometerReading: value === null || value === undefined || value === '' ? null : Number(value) } };
    },
  );

  app.post(
    '/odometer',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Correct the odometer reading (km, up to 10 digits) of the latest inspection of an appointment',
        querystring: { type: 'object', properties: utm },
        body: {
          type: 'object',
          properties: { appointmentId, odometerReading: { type: ['integer', 'string', 'null'], maxLength: 10 } },
          required: ['appointmentId'],
        },
        response: {
          200: detailOf({ type: 'object', properties: { message: { type: 'string' }, appointmentId: { type: 'string' }, odometerReading: { type: 'integer' }, oldOdometerReading: { type: 'integer', nullable: true } } }),
          ...guardedErrors,
          404: errorSchema,
        },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const body = request.body as { appointmentId: string; odometerReading?: number | string | null };
      const id = body.appointmentId.trim();
      if (!/^[0-9A-Za-z-]{1,30}$/.test(id)) throw badRequest(INVALID_APPOINTMENT);
      const raw = body.odometerReading === null || body.odometerReading === undefined ? '' : String(body.odometerReading).trim();
      if (!/^\d{1,10}$/.test(raw) || Number(raw) <= 0) throw badRequest('Invalid odometer');
      const reading = Number(raw);
      return app.db.transaction(async (tx) => {
        const row = await latestOr404(tx, id, true);
        const interior = (row.detail.inspectionData.electricalsInterior ??= {});
        const field = (interior.odometerReading ??= { title: 'Odometer Reading', value: null });
        const before = field.value === null || field.value === '' ? null : Number(field.value);
        field.value = reading;
        await tx.query('UPDATE inspections SET detail = $2::jsonb, updated_at = now() WHERE car_id = $1', [row.car_id, JSON.stringify(row.detail)]);
        await audit(tx, { actor: me.email, action: 'admin-odometer', carId: row.car_id, appointmentId: row.appointment_id, before: row.status, after: row.status, detail: { before, after: reading } });
        return { detail: { message: 'Odometer Reading updated succesfully', appointmentId: row.appointment_id, odometerReading: reading, oldOdometerReading: before } };
      });
    },
  );
};

export default adminRoutes;
