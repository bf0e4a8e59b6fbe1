import dayjs from 'dayjs';
import type { FastifyPluginAsync } from 'fastify';
import { currentUser } from '../auth.ts';
import type { Queryable } from '../db.ts';
import {
  assertBikeAssignee,
  getBike,
  toBikeDetail,
  toBikeListRow,
  toBikeReport,
  toBikeVersionRow,
  BIKE_SECTIONS,
  type BikeFieldData,
  type BikeRow,
} from '../bike-repo.ts';
import { badRequest, conflict, errorSchema, forbidden } from '../errors.ts';
import { readForm, storeUpload, validateForm } from '../forms.ts';
import { audit } from '../repos/inspections.ts';
import { appointmentIdSchema, sameEmail } from '../review-helpers.ts';
import { anyObject, detailOf, email, guardedErrors, utm, ymd } from '../schemas.ts';
import { textPdf } from '../seed/pdf.ts';
import { bikeSubmitStatus } from '../bike-outcome.ts';
import { reviewProductConfig } from '../services/product-config.ts';

/** Bike list constants of spec 001 §9: 50 a page, the READY_FOR_REVIEW fetch at most 500, a six-month window. */
const PAGE_SIZE = 50;
const WINDOW_MONTHS = 6;

/** A key a request may name (sections, fields): letters and digits, never a prototype key. */
const safeKey = '^(?!(?:__proto__|constructor|prototype)$)[A-Za-z][A-Za-z0-9_]{0,40}$';
const hashKey = { type: 'string', pattern: '^[A-Za-z0-9_-]{1,150}$' } as const;
const appointmentParams = { type: 'object', properties: { id: appointmentIdSchema }, required: ['id'] } as const;
const versionQuery = { type: 'object', properties: { ...utm, version: { type: 'integer', minimum: 0, maximum: 1000 } } } as const;
const statusEnum = ['READY_FOR_REVIEW', 'APPROVED', 'REJECTED'] as const;
const notFoundAndConflict = { 404: errorSchema, 409: errorSchema } as const;
const detailAnswer = { 200: detailOf(anyObject), ...guardedErrors, ...notFoundAndConflict };

const listRowSchema = {
  type: 'object',
  properties: {
    bikeId: { type: 'integer' },
    appointmentId: { type: 'string' },
    version: { type: 'integer' },
    status: { type: 'string' },
    inspectionUser: { type: 'string' },
    make: { type: 'string' },
    model: { type: 'string' },
    inspectionEndTime: { type: 'integer', description: 'unix seconds' },
    qcUser: { type: 'string', nullable: true },
  },
} as const;

const versionRowSchema = {
  type: 'object',
  properties: {
    appointmentId: { type: 'string' },
    make: { type: 'string' },
    model: { type: 'string' },
    variant: { type: 'string' },
    version: { type: 'integer' },
    status: { type: 'string' },
    qcUser: { type: 'string', nullable: true },
    inspectionEndTime: { type: 'integer', description: 'unix seconds' },
    pdfUrl: { type: 'string', nullable: true },
  },
} as const;

const listOf = (items: object) => ({ type: 'object', properties: { data: { type: 'array', items }, total: { type: 'integer' } }, required: ['data', 'total'] });

/** A corrected field of the push call: a value (text, number or a multi-select's list), its id, the reject tick and sub-parts. */
const fieldProperties = {
  // One schema with a list of types: with the app's coerceTypes 'array', anyOf branches would turn ['Lost'] into 'Lost'.
  value: { type: ['string', 'number', 'array', 'null'], maxLength: 200, maxItems: 20, items: { type: 'string', maxLength: 100 } },
  id: { anyOf: [{ type: 'string', maxLength: 100 }, { type: 'integer' }, { type: 'null' }] },
  rejected: { type: 'boolean' },
} as const;
const pushedField = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...fieldProperties,
    subParts: { type: 'object', maxProperties: 20, propertyNames: { pattern: safeKey }, additionalProperties: { type: 'object', additionalProperties: false, properties: fieldProperties } },
  },
} as const;

const mediaTicks = { type: 'array', maxItems: 200, items: { type: 'object', additionalProperties: false, properties: { hashKey, rejected: { type: 'boolean' } }, required: ['hashKey', 'rejected'] } } as const;

const pushBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    appointmentId: appointmentIdSchema,
    inspectionData: {
      type: 'object',
      maxProperties: 10,
      propertyNames: { pattern: safeKey },
      additionalProperties: { type: 'object', maxProperties: 60, propertyNames: { pattern: safeKey }, additionalProperties: pushedField },
    },
    images: mediaTicks,
    videos: mediaTicks,
    reason: { type: 'string', maxLength: 500 },
    make: { type: 'object', additionalProperties: false, properties: { name: { type: 'string', maxLength: 60 }, code: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,30}$' } }, required: ['code'] },
    model: { type: 'object', additionalProperties: false, properties: { name: { type: 'string', maxLength: 60 }, id: { type: 'integer', minimum: 1, maximum: 2147483647 } }, required: ['id'] },
    variant: { type: 'object', additionalProperties: false, properties: { name: { type: 'string', maxLength: 60 }, code: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,60}$' } }, required: ['code'] },
  },
  required: ['appointmentId'],
} as const;

interface PushedField {
  value?: BikeFieldData['value'];
  id?: string | number | null;
  rejected?: boolean;
  subParts?: Record<string, PushedField>;
}
interface PushBody {
  appointmentId: string;
  inspectionData?: Record<string, Record<string, PushedField>>;
  images?: { hashKey: string; rejected: boolean }[];
  videos?: { hashKey: string; rejected: boolean }[];
  reason?: string;
  make?: { name?: string; code: string };
  model?: { name?: string; id: number };
  variant?: { name?: string; code: string };
}

const assignForm = { type: 'object', properties: { ...utm, assignUser: email }, required: ['assignUser'] } as const;
const submitForm = {
  type: 'object',
  properties: {
    ...utm,
    status: { type: 'string', enum: ['APPROVED', 'REJECTED'] },
    reason: { type: 'string', maxLength: 500 },
    bikeId: { type: 'integer', minimum: 1, maximum: 2147483647 },
    appointmentId: appointmentIdSchema,
    version: { type: 'integer', minimum: 0, maximum: 1000 },
    // The bike config version the review was opened on (issue 17): an id, or 'seed' for the JSON in src/config.
    configVersion: { type: 'string', pattern: '^(seed|[1-9][0-9]{0,8})$' },
  },
  required: ['status'],
} as const;

/** A form's configVersion as reviewProductConfig takes it: 'seed' is null, absent is the active version. */
const formConfigVersion = (text: string | undefined) => (text === undefined ? undefined : text === 'seed' ? null : Number(text));

const own = (record: object, key: string) => Object.prototype.hasOwnProperty.call(record, key);

/** Applies pushed corrections onto stored fields: unknown sections or fields are refused; the inspector's value is kept once. */
function applyFields(stored: Record<string, BikeFieldData>, pushed: Record<string, PushedField>, path: string): void {
  for (const [key, change] of Object.entries(pushed)) {
    if (!own(stored, key)) throw badRequest(`Unknown field ${path}.${key}`);
    const field = stored[key];
    if (change.value !== undefined && JSON.stringify(change.value) !== JSON.stringify(field.value)) {
      if (!own(field, 'inspectorValue')) field.inspectorValue = field.value;
      field.value = change.value;
    }
    if (change.id !== undefined) field.id = change.id;
    if (change.rejected !== undefined) field.rejected = change.rejected;
    if (change.subParts) applyFields((field.subParts ??= {}), change.subParts, `${path}.${key}`);
  }
}

function assertReviewable(row: BikeRow): void {
  if (row.status !== 'READY_FOR_REVIEW') throw conflict(`Bike appointment ${row.appointment_id} is already ${row.status}`);
}

/** Bikes host calls of spec 001 §7 (DESIGN.md: `/bike-api/`). */
const bikeRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/appointment',
    {
      config: { access: 'bikeList' },
      schema: {
        summary:
          'Bike inspections by status (default READY_FOR_REVIEW): one appointment (appointmentId), the last daysElapsed days (limit ≤ 500), ' +
          'or 50 a page by page, user (qcUser), query (appointment id, make, model, inspector) and a date range of at most six months',
        querystring: {
          type: 'object',
          properties: {
            ...utm,
            status: { type: 'string', enum: statusEnum, default: 'READY_FOR_REVIEW' },
            appointmentId: appointmentIdSchema,
            daysElapsed: { type: 'integer', minimum: 1, maximum: 183 },
            limit: { type: 'integer', minimum: 1, maximum: 500 },
            page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
            user: email,
            query: { type: 'string', maxLength: 50 },
            startDate: ymd,
            endDate: ymd,
          },
        },
        response: { 200: listOf(listRowSchema), ...guardedErrors },
      },
    },
    async (request) => {
      const q = request.query as {
        status: string; appointmentId?: string; daysElapsed?: number; limit?: number; page: number; user?: string; query?: string; startDate?: string; endDate?: string;
      };
      const where = ['is_latest', 'status = $1'];
      const params: unknown[] = [q.status];
      const add = (sql: (n: string) => string, value: unknown) => {
        params.push(value);
        where.push(sql(`$${params.length}`));
      };
      let limit = PAGE_SIZE;
      let offset = 0;
      if (q.appointmentId) {
        add((n) => `appointment_id = ${n}`, q.appointmentId);
      } else if (q.daysElapsed !== undefined) {
        add((n) => `inspection_end_time >= ${n}`, dayjs().subtract(q.daysElapsed, 'day').toISOString());
        limit = q.limit ?? 500;
      } else {
        const end = q.endDate ? dayjs(q.endDate) : dayjs();
        const start = q.startDate ? dayjs(q.startDate) : end.subtract(WINDOW_MONTHS, 'month');
        if (!end.isValid() || !start.isValid()) throw badRequest('startDate and endDate must be dates YYYY-MM-DD');
        if (start.isAfter(end)) throw badRequest('startDate must not be after endDate');
        if (start.isBefore(end.subtract(WINDOW_MONTHS, 'month').startOf('day'))) throw badRequest('The date range may span at most six months');
        add((n) => `inspection_end_time >= ${n}`, start.startOf('day').toISOString());
        add((n) => `inspection_end_time <= ${n}`, end.endOf('day').toISOString());
        offset = (q.page - 1) * PAGE_SIZE;
      }
      if (q.user) add((n) => `lower(qc_user) = lower(${n})`, q.user);
      const text = q.query?.trim();
      if (text) {
        add((n) => `(appointment_id ILIKE ${n} OR make ILIKE ${n} OR model ILIKE ${n} OR inspection_user ILIKE ${n})`, `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      }
      const whereSql = where.join(' AND ');
      const total = await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM bike_inspections WHERE ${whereSql}`, params);
      const { rows } = await app.db.query<BikeRow>(
        `SELECT * FROM bike_inspections WHERE ${whereSql} ORDER BY inspection_end_time DESC, id DESC LIMIT ${limit} OFFSET ${offset}`,
        params,
      );
      return { data: rows.map(toBikeListRow), total: total.rows[0].n };
    },
  );

  app.get(
    '/appointment/:id',
    {
      config: { access: 'bikeReview' },
      schema: { summary: 'One bike inspection by appointment id (the latest, or ?version)', params: appointmentParams, querystring: versionQuery, response: detailAnswer },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const { version } = request.query as { version?: number };
      return { detail: toBikeDetail(await getBike(app.db, id, { version })) };
    },
  );

  app.post(
    '/appointment/:id/qc/assign',
    {
      config: { access: 'bikeReview' },
      schema: {
        summary: 'Assign the bike to the caller (multipart form field assignUser, the caller\'s e-mail); 409 when someone else holds it or it is reviewed',
        consumes: ['multipart/form-data'],
        params: appointmentParams,
        querystring: { type: 'object', properties: utm },
        response: detailAnswer,
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { id } = request.params as { id: string };
      const form = validateForm<{ assignUser: string }>(assignForm, (await readForm(request)).fields);
      if (!sameEmail(form.assignUser, me.email)) throw forbidden('You can only assign a bike inspection to yourself');
      return app.db.transaction(async (tx) => {
        const row = await getBike(tx, id, { forUpdate: true });
        assertReviewable(row);
        if (row.qc_user && !sameEmail(row.qc_user, me.email)) throw conflict(`Already assigned to ${row.qc_user}`);
        if (!row.qc_user) {
          await tx.query('UPDATE bike_inspections SET qc_user = $2, updated_at = now() WHERE id = $1', [row.id, me.email]);
          await audit(tx, { actor: me.email, action: 'bike-assign', appointmentId: row.appointment_id, before: row.status, after: row.status, detail: { bikeId: row.bike_id, version: row.version, qcUser: me.email } });
          row.qc_user = me.email;
        }
        return { detail: toBikeDetail(row) };
      });
    },
  );

  app.post(
    '/appointment/:id/qc',
    {
      config: { access: 'bikeReview' },
      schema: {
        summary:
          'Submit the review status (multipart form fields status APPROVED|REJECTED, reason, bikeId, appointmentId, version, configVersion); assignee only; ' +
          'the status must follow the review\'s ticks by the outcome rule of the bike config version the review was opened on ' +
          '(configVersion: its id, \'seed\' for the config in src/config, absent for the active one; spec 001 §4); 409 when already submitted or for another version',
        consumes: ['multipart/form-data'],
        params: appointmentParams,
        querystring: { type: 'object', properties: utm },
        response: detailAnswer,
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { id } = request.params as { id: string };
      const form = validateForm<{ status: 'APPROVED' | 'REJECTED'; reason?: string; bikeId?: number; appointmentId?: string; version?: number; configVersion?: string }>(
        submitForm,
        (await readForm(request)).fields,
      );
      if (form.appointmentId !== undefined && form.appointmentId !== id) throw badRequest('appointmentId does not match the path');
      const product = await reviewProductConfig(app.db, 'bike', formConfigVersion(form.configVersion));
      return app.db.transaction(async (tx) => {
        const row = await getBike(tx, id, { forUpdate: true });
        assertBikeAssignee(row, me, 'submit it');
        if (form.bikeId !== undefined && form.bikeId !== row.bike_id) throw badRequest('bikeId does not match the appointment');
        if (form.version !== undefined && form.version !== row.version) throw conflict(`Version ${form.version} is not the current version (${row.version})`);
        assertReviewable(row);
        const expected = bikeSubmitStatus(row, product.config);
        if (expected !== form.status) throw badRequest(`The review's ticks give the status ${expected}, not ${form.status}`);
        await tx.query('UPDATE bike_inspections SET status = $2, reason = $3, config_version = $4, qc_end_time = now(), updated_at = now() WHERE id = $1', [
          row.id, form.status, form.reason ?? null, product.version,
        ]);
        await audit(tx, {
          actor: me.email,
          action: 'bike-submit',
          appointmentId: row.appointment_id,
          before: row.status,
          after: form.status,
          detail: { bikeId: row.bike_id, version: row.version, reason: form.reason ?? null, configVersion: product.version },
        });
        return { detail: toBikeDetail({ ...row, status: form.status, reason: form.reason ?? null, qc_end_time: new Date() }) };
      });
    },
  );

  app.post(
    '/appointment/:id/qc/data',
    {
      config: { access: 'bikeReview' },
      schema: {
        summary:
          'Push the review\'s data: corrected inspectionData fields (value, id, rejected), images and videos ticks ({hashKey, rejected}), reason, ' +
          'make/model/variant; assignee only, before the submit',
        params: appointmentParams,
        querystring: { type: 'object', properties: utm },
        body: pushBody,
        response: detailAnswer,
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { id } = request.params as { id: string };
      const body = request.body as PushBody;
      if (body.appointmentId !== id) throw badRequest('appointmentId does not match the path');
      const catalogue = body.make || body.model || body.variant ? await resolveMakeModelVariant(app.db, body) : null;
      return app.db.transaction(async (tx) => {
        const row = await getBike(tx, id, { forUpdate: true });
        assertBikeAssignee(row, me, 'edit it');
        assertReviewable(row);
        const detail = row.detail;
        const sections = new Set(BIKE_SECTIONS.map(([key]) => key));
        for (const [section, fields] of Object.entries(body.inspectionData ?? {})) {
          if (!sections.has(section)) throw badRequest(`Unknown section ${section}`);
          applyFields(detail.inspectionData[section] as Record<string, BikeFieldData>, fields, section);
        }
        const media = new Map(detail.images.map((m) => [m.hashKey, m]));
        for (const [list, kind] of [[body.images, 'image'], [body.videos, 'video']] as const) {
          for (const tick of list ?? []) {
            const item = media.get(tick.hashKey);
            if (!item || item.mediaType !== kind) throw badRequest(`No ${kind} with hashKey ${tick.hashKey}`);
            item.rejected = tick.rejected;
          }
        }
        let { make, model, variant } = row;
        if (catalogue) {
          ({ make, model, variant } = catalogue.names);
          const bikeDetails = detail.inspectionData.bikeDetails as Record<string, BikeFieldData>;
          for (const [key, value, code] of [['make', make, catalogue.codes.make], ['model', model, catalogue.codes.model], ['variant', variant, catalogue.codes.variant]] as const) {
            const field = bikeDetails[key];
            if (!own(field, 'inspectorValue')) field.inspectorValue = field.value;
            field.value = value;
            field.id = code;
          }
        }
        await tx.query('UPDATE bike_inspections SET detail = $2::jsonb, make = $3, model = $4, variant = $5, reason = coalesce($6, reason), updated_at = now() WHERE id = $1', [
          row.id, JSON.stringify(detail), make, model, variant, body.reason ?? null,
        ]);
        await audit(tx, {
          actor: me.email,
          action: catalogue ? 'bike-make-model-variant' : 'bike-data',
          appointmentId: row.appointment_id,
          before: row.status,
          after: row.status,
          detail: { bikeId: row.bike_id, version: row.version, sections: Object.keys(body.inspectionData ?? {}), images: body.images?.length ?? 0, videos: body.videos?.length ?? 0, makeModelVariant: catalogue?.names ?? null },
        });
        return { detail: toBikeDetail({ ...row, detail, make, model, variant }) };
      });
    },
  );

  app.post(
    '/appointment/:id/generate',
    {
      config: { access: 'bikeReview' },
      schema: { summary: 'Generate the PDF of the bike report of the latest version (assignee only); answers the detail with its pdfUrl', params: appointmentParams, querystring: { type: 'object', properties: utm }, response: detailAnswer },
    },
    async (request) => {
      const me = currentUser(request);
      const { id } = request.params as { id: string };
      const first = await getBike(app.db, id);
      assertBikeAssignee(first, me, 'generate its report');
      const report = toBikeReport(first);
      const lines = [
        `Appointment ID: ${report.appointmentId}   Version: ${report.version}   Status: ${report.status}`,
        `${report.make} ${report.model} ${report.variant}   ${report.regNo}`,
        'CJ Remarks:',
        ...String(report.inspectionData.cjRemark ?? '').split('\n'),
      ];
      const stored = storeUpload(app.ctx.uploadsDir, `bikes/${first.appointment_id}`, `report-v${first.version}`, 'pdf', textPdf('INSPECTION REPORT', lines));
      try {
        return await app.db.transaction(async (tx) => {
          const row = await getBike(tx, id, { forUpdate: true });
          assertBikeAssignee(row, me, 'generate its report');
          await tx.query('UPDATE bike_inspections SET pdf_url = $2, updated_at = now() WHERE id = $1', [row.id, stored.url]);
          await audit(tx, { actor: me.email, action: 'bike-generate', appointmentId: row.appointment_id, before: row.status, after: row.status, detail: { bikeId: row.bike_id, version: row.version, pdfUrl: stored.url, oldPdfUrl: row.pdf_url } });
          return { detail: toBikeDetail({ ...row, pdf_url: stored.url }) };
        });
      } catch (error) {
        stored.remove();
        throw error;
      }
    },
  );

  app.get(
    '/appointment/:id/report',
    {
      config: { access: 'bikeReport' },
      schema: { summary: 'The bike report of an appointment (latest, or ?version)', params: appointmentParams, querystring: versionQuery, response: detailAnswer },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const { version } = request.query as { version?: number };
      return { detail: toBikeReport(await getBike(app.db, id, { version })) };
    },
  );

  app.get(
    '/appointment/:id/version/all',
    {
      config: { access: 'bikeVersions' },
      schema: { summary: 'All versions of a bike appointment in the six-month window, newest first', params: appointmentParams, querystring: { type: 'object', properties: utm }, response: { 200: listOf(versionRowSchema), ...guardedErrors } },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const { rows } = await app.db.query<BikeRow>(
        'SELECT * FROM bike_inspections WHERE appointment_id = $1 AND inspection_end_time >= $2 ORDER BY version DESC',
        [id, dayjs().subtract(WINDOW_MONTHS, 'month').startOf('day').toISOString()],
      );
      return { data: rows.map(toBikeVersionRow), total: rows.length };
    },
  );

  app.get(
    '/api/financerListData',
    {
      config: { access: 'bikeReview' },
      schema: {
        summary: 'Financiers (status=active: the active ones only)',
        querystring: { type: 'object', properties: { ...utm, status: { type: 'string', enum: ['active'], default: 'active' } } },
        response: { 200: detailOf({ type: 'array', items: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' }, status: { type: 'string' } } } }), ...guardedErrors },
      },
    },
    async (request) => {
      const { status } = request.query as { status: string };
      return { detail: (await app.db.query('SELECT id, name, status FROM financiers WHERE status = $1 ORDER BY name', [status])).rows };
    },
  );

  app.get(
    '/public/appconfig',
    {
      config: { access: 'bike' },
      schema: {
        summary: 'Media URL configuration: imageUrlTemplate ({uri} is replaced by an image\'s uri) and videoBaseUrl (prefixed to a video\'s uri)',
        querystring: { type: 'object', properties: utm },
        response: { 200: detailOf({ type: 'object', properties: { imageUrlTemplate: { type: 'string' }, videoBaseUrl: { type: 'string' } }, required: ['imageUrlTemplate', 'videoBaseUrl'] }), ...guardedErrors },
      },
    },
    async () => {
      const { rows } = await app.db.query<{ value: { imageUrlTemplate: string; videoBaseUrl: string } }>("SELECT value FROM app_config WHERE key = 'bikePublic'");
      return { detail: rows[0]?.value ?? { imageUrlTemplate: '/uploads/{uri}', videoBaseUrl: '/uploads/' } };
    },
  );
};

/** Checks a pushed make/model/variant against the catalogue (the model belongs to the make, the variant to the model). */
async function resolveMakeModelVariant(db: Queryable, body: PushBody) {
  if (!body.make || !body.model || !body.variant) throw badRequest('make, model and variant are updated together');
  const { rows } = await db.query<{ make_name: string; model_name: string; variant: { name: string; code: string }[] }>(
    'SELECT mk.name AS make_name, md.name AS model_name, md.variant FROM bike_models md JOIN bike_makes mk ON mk.code = md.make_code WHERE md.id = $1 AND md.make_code = $2',
    [body.model.id, body.make.code],
  );
  if (!rows[0]) throw badRequest(`Model ${body.model.id} is not a model of make ${body.make.code}`);
  const variant = rows[0].variant.find((v) => v.code === body.variant!.code);
  if (!variant) throw badRequest(`Variant ${body.variant.code} is not a variant of model ${body.model.id}`);
  return {
    names: { make: rows[0].make_name, model: rows[0].model_name, variant: variant.name },
    codes: { make: body.make.code, model: body.model.id, variant: variant.code },
  };
}

export default bikeRoutes;
