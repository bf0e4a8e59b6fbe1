import dayjs from 'dayjs';
import type { FastifyPluginAsync } from 'fastify';
import listConfig from '../../src/config/inspection-list.json' with { type: 'json' };
import { currentUser } from '../auth.ts';
import { badRequest, forbidden, notFound } from '../errors.ts';
import { SUMMARY_COLUMNS, VERSION_COLUMNS, audit, getInspection, readDetail, toDetail, toListRow, toVersionRow, type InspectionRow } from '../inspections-repo.ts';
import { submissionSummary } from '../review-results.ts';
import { anyObject, detailOf, email, guardedErrors, idParam, utm, ymd } from '../schemas.ts';
import { boundedInt, realDate } from '../safe-input.ts';

const intArray = { type: 'array', items: { type: 'integer', minimum: 1 }, maxItems: 100 } as const;
const categoryArray = { type: 'array', items: { type: 'string', enum: listConfig.categories }, maxItems: 10 } as const;

const listRowSchema = {
  type: 'object',
  properties: {
    appointmentId: { type: 'string' },
    carId: { type: 'integer' },
    category: { type: 'string' },
    inspectionEndTime: { type: 'string' },
    make: { type: 'string' },
    model: { type: 'string' },
    storeName: { type: 'string' },
    qcAssign: { type: 'object', properties: { to: { type: 'string', nullable: true }, assignedAt: { type: 'string', nullable: true } } },
    qcAudit: { type: 'integer' },
    reInspectionReason: { type: 'object', nullable: true, properties: { reason: { type: 'string' } } },
    isReportProcessed: { type: 'integer' },
    reInspectionProcessing: { type: 'integer' },
    dealerPriceProcessing: { type: 'integer' },
    isPDILead: { type: 'integer' },
    workflowId: { type: 'string', nullable: true },
    inspectionStatus: { type: 'string' },
    version: { type: 'integer' },
    inspectionData: {
      type: 'object',
      description: 'Only carDetails.pdiType.value of the stored detail (null when the inspection has none)',
      properties: {
        carDetails: {
          type: 'object',
          properties: { pdiType: { type: 'object', properties: { value: { type: 'string', nullable: true } }, required: ['value'] } },
          required: ['pdiType'],
        },
      },
      required: ['carDetails'],
    },
  },
} as const;

const versionRowSchema = {
  type: 'object',
  properties: Object.fromEntries(
    [
      ['carId', 'integer'], ['appointmentId', 'string'], ['version', 'integer'], ['storeName', 'string'], ['make', 'string'], ['model', 'string'],
      ['variant', 'string'], ['inspectionStatus', 'string'], ['inspectionBy', 'string'], ['qcBy', 'string'], ['inspectionStartTime', 'string'],
      ['inspectionEndTime', 'string'], ['qcStartTime', 'string'], ['qcEndTime', 'string'], ['pdfUrl', 'string'],
    ].map(([k, t]) => [k, { type: t, nullable: !['carId', 'appointmentId', 'version'].includes(k) }]),
  ),
} as const;

/** The stored QC submission of a version (null before it is submitted). */
const submissionSummarySchema = {
  type: 'object',
  nullable: true,
  properties: {
    qcUser: { type: 'string', nullable: true },
    reviewStartTime: { type: 'string', nullable: true },
    reviewEndTime: { type: 'string', nullable: true },
    submittedAt: { type: 'string', nullable: true },
    isCritical: { type: 'integer' },
    isDummyInspection: { type: 'integer' },
    isApprovedByQc: { type: 'integer' },
    issueType: { type: 'array', items: { type: 'integer' } },
    errorsCount: { type: 'integer' },
  },
} as const;

const versionRowWithSubmission = { ...versionRowSchema, properties: { ...versionRowSchema.properties, submission: submissionSummarySchema } } as const;

/** The six-month window of spec 000 §7/§9: [endDate − 6 months, endDate], end of day inclusive. */
export function listWindow(startDate: string | undefined, endDate: string | undefined, today = dayjs()): { from: Date; to: Date } {
  const end = endDate ? realDate(endDate, 'endDate') : today;
  const earliest = end.subtract(listConfig.windowMonths, 'month').startOf('day');
  let start = startDate ? realDate(startDate, 'startDate') : earliest;
  if (start.isAfter(end)) throw badRequest('startDate must not be after endDate');
  if (start.isBefore(earliest)) start = earliest;
  return { from: start.startOf('day').toDate(), to: end.endOf('day').toDate() };
}

interface ListQuery {
  page: number;
  records: number;
  user?: string;
  'storeCityId[]'?: number[];
  storeCityId?: number[];
  'storeId[]'?: number[];
  storeId?: number[];
  'category[]'?: string[];
  category?: string[];
  assignTo?: string;
  startDate?: string;
  endDate?: string;
  appointmentId?: string;
}

/** Inspection calls of spec 000 §7: list, detail, versions, log, review start. */
const inspectionRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/v2/inspection-data-list',
    {
      config: { access: 'inspectionList' },
      schema: {
        summary: 'Car inspections of the last six months, 50 per page, newest first',
        querystring: {
          type: 'object',
          properties: {
            ...utm,
            page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
            records: { type: 'integer', minimum: 1, maximum: 200, default: listConfig.pageSize },
            user: email,
            'storeCityId[]': intArray,
            storeCityId: intArray,
            'storeId[]': intArray,
            storeId: intArray,
            'category[]': categoryArray,
            category: categoryArray,
            assignTo: email,
            startDate: ymd,
            endDate: ymd,
            appointmentId: { type: 'string', pattern: '^[0-9A-Za-z-]{1,30}$' },
          },
        },
        response: {
          200: { type: 'object', properties: { data: { type: 'array', items: listRowSchema }, total: { type: 'integer' } }, required: ['data', 'total'] },
          ...guardedErrors,
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const q = request.query as ListQuery;
      const where: string[] = ['is_latest'];
      const params: unknown[] = [];
      const add = (sql: (n: string) => string, value: unknown) => {
        params.push(value);
        where.push(sql(`$${params.length}`));
      };
      if (q.appointmentId) {
        // A search by appointment id finds it whatever its age.
        add((n) => `appointment_id = ${n}`, q.appointmentId);
      } else {
        const { from, to } = listWindow(q.startDate, q.endDate);
        add((n) => `inspection_end_time >= ${n}`, from.toISOString());
        add((n) => `inspection_end_time <= ${n}`, to.toISOString());
      }
      const cities = [...(q['storeCityId[]'] ?? []), ...(q.storeCityId ?? [])];
      const stores = [...(q['storeId[]'] ?? []), ...(q.storeId ?? [])];
      const categories = [...(q['category[]'] ?? []), ...(q.category ?? [])];
      if (cities.length) add((n) => `city_id = ANY(${n}::int[])`, cities);
      if (stores.length) add((n) => `store_id = ANY(${n}::int[])`, stores);
      if (categories.length) add((n) => `category = ANY(${n}::text[])`, categories);
      if (q.assignTo) {
        // Non-excluded users only have their own assignee entry (spec 000 §2, §6).
        if (!user.isExcludedUser && q.assignTo.toLowerCase() !== user.email.toLowerCase()) {
          throw forbidden('You may only filter by your own assignee entry');
        }
        add((n) => `lower(assignee) = lower(${n})`, q.assignTo);
      }
      const whereSql = where.join(' AND ');
      const records = boundedInt(q.records, 'records', 1, 200);
      const offset = (boundedInt(q.page, 'page', 1, 100000) - 1) * records;
      // The count and the page side by side (two connections on PostgreSQL): both walk the list's partial index
      // (migration 130), the page only its first rows.
      const [total, { rows }] = await Promise.all([
        app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM inspections WHERE ${whereSql}`, params),
        app.db.query<InspectionRow>(
          `SELECT ${SUMMARY_COLUMNS} FROM inspections WHERE ${whereSql} ORDER BY inspection_end_time DESC, car_id DESC
            LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
          [...params, records, offset],
        ),
      ]);
      return { data: rows.map(toListRow), total: total.rows[0].n };
    },
  );

  const detailResponse = { 200: detailOf(anyObject), ...guardedErrors, 404: guardedErrors[400] };

  app.get(
    '/v2/inspection/:id',
    { config: { access: 'review' }, schema: { summary: 'One inspection by carId', params: idParam, querystring: { type: 'object', properties: utm }, response: detailResponse } },
    async (request) => ({ detail: await readDetail(app.db, await getInspection(app.db, (request.params as { id: number }).id)) }),
  );

  app.get(
    '/v2/inspection',
    {
      config: { access: 'review' },
      schema: {
        summary: 'One inspection by ?inspectionId (carId)',
        querystring: { type: 'object', properties: { ...utm, inspectionId: { type: 'integer', minimum: 1 } }, required: ['inspectionId'] },
        response: detailResponse,
      },
    },
    async (request) => ({ detail: await readDetail(app.db, await getInspection(app.db, (request.query as { inspectionId: number }).inspectionId)) }),
  );

  app.get(
    '/v2/inspection-version-list',
    {
      config: { access: 'versions' },
      schema: {
        summary: 'Every version of an appointment in the six-month window, newest first',
        querystring: {
          type: 'object',
          properties: { ...utm, appointmentId: { type: 'string', pattern: '^[0-9A-Za-z-]{1,30}$' }, user: email, startDate: ymd, endDate: ymd },
          required: ['appointmentId'],
        },
        response: {
          200: { type: 'object', properties: { data: { type: 'array', items: versionRowWithSubmission }, total: { type: 'integer' } }, required: ['data', 'total'] },
          ...guardedErrors,
        },
      },
    },
    async (request) => {
      const q = request.query as { appointmentId: string; startDate?: string; endDate?: string };
      const { from, to } = listWindow(q.startDate, q.endDate);
      const { rows } = await app.db.query<InspectionRow>(
        `SELECT ${VERSION_COLUMNS} FROM inspections WHERE appointment_id = $1 AND inspection_end_time BETWEEN $2 AND $3 ORDER BY version DESC`,
        [q.appointmentId, from.toISOString(), to.toISOString()],
      );
      return { data: rows.map(toVersionRow), total: rows.length };
    },
  );

  app.get(
    '/inspection-log',
    {
      config: { access: 'review' },
      schema: {
        summary: 'Stored states and audit trail of an inspection; with additionalImages=1 also its additional images',
        querystring: {
          type: 'object',
          properties: {
            ...utm,
            carId: { type: 'integer', minimum: 1 },
            version: { type: 'integer', minimum: 0 },
            inspectionStatus: { type: 'string', enum: ['new', 'smReview', 'done', 'smReviewRejected', 'DONE', 'SM_REVIEW'] },
            additionalImages: { type: 'integer', enum: [0, 1] },
          },
          required: ['carId'],
        },
        response: { 200: detailOf(anyObject), ...guardedErrors },
      },
    },
    async (request) => {
      const q = request.query as { carId: number; version?: number; inspectionStatus?: string; additionalImages?: number };
      const row = await getInspection(app.db, q.carId);
      if (q.version !== undefined && q.version !== row.version) throw notFound(`Inspection ${q.carId} has no version ${q.version}`);
      const versions = await app.db.query<{ status: string; reason: string; created_at: Date }>(
        'SELECT status, reason, created_at FROM inspection_versions WHERE car_id = $1 ORDER BY id',
        [q.carId],
      );
      const log = await app.db.query<{ at: Date; actor: string; action: string; before_status: string | null; after_status: string | null }>(
        'SELECT at, actor, action, before_status, after_status FROM audit_log WHERE car_id = $1 ORDER BY id',
        [q.carId],
      );
      const detail = toDetail(row);
      return {
        detail: {
          carId: row.car_id,
          appointmentId: row.appointment_id,
          version: row.version,
          inspectionStatus: row.status,
          states: versions.rows.map((v) => ({ status: v.status, reason: v.reason, at: new Date(v.created_at).toISOString() })),
          log: log.rows.map((l) => ({ at: new Date(l.at).toISOString(), user: l.actor, action: l.action, beforeStatus: l.before_status, afterStatus: l.after_status })),
          submission: submissionSummary(detail),
          ...(q.additionalImages === 1 ? { additionalImages: detail.inspectionData.carDetails?.additionalImages?.images ?? [] } : {}),
        },
      };
    },
  );

  app.post(
    '/v2/set-review-start-time',
    {
      config: { access: 'inspectionList' },
      schema: {
        summary: 'Records when the assignee opened the review',
        querystring: { type: 'object', properties: utm },
        body: { type: 'object', properties: { carId: { type: 'integer', minimum: 1 } }, required: ['carId'] },
        response: { 200: detailOf(anyObject), ...guardedErrors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { carId } = request.body as { carId: number };
      return app.db.transaction(async (tx) => {
        const row = await getInspection(tx, carId, { forUpdate: true });
        if (row.assignee?.toLowerCase() !== user.email.toLowerCase()) throw forbidden('Only the assignee can start the review');
        const { rows } = await tx.query<{ review_start_time: Date }>(
          'UPDATE inspections SET review_start_time = now(), qc_start_time = COALESCE(qc_start_time, now()), updated_at = now() WHERE car_id = $1 RETURNING review_start_time',
          [carId],
        );
        await audit(tx, { actor: user.email, action: 'review-start', carId, appointmentId: row.appointment_id, before: row.status, after: row.status });
        return { detail: { carId, reviewStartTime: new Date(rows[0].review_start_time).toISOString() } };
      });
    },
  );
};

export default inspectionRoutes;
