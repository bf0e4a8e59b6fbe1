import type { FastifyPluginAsync } from 'fastify';
import adminForms from '../../src/config/admin-forms.json' with { type: 'json' };
import { currentUser } from '../auth.ts';
import { errorSchema } from '../errors.ts';
import { csvText, readFilesForm, readForm, validateForm } from '../forms.ts';
import { X_FACTOR_CHANNELS } from '../../src/products/admin/admin-csv.ts';
import { factorRows } from '../repos/admin-tools.ts';
import { detailOf, guardedErrors, utm, ymd } from '../schemas.ts';
import {
  checkVideoTutorialForm,
  correctOdometer,
  correctRegVariant,
  createVideoTutorial,
  odometerReading,
  setXFactor,
  uploadLeaves,
  uploadXFactorCsv,
  type RegVariantCorrection,
  type VideoTutorialForm,
} from '../services/admin.ts';

/** Admin corrections (spec 002 §7 'Admin forms'): registration number / variant and odometer, QC admin only. */
const adminRoutes: FastifyPluginAsync = async (app) => {
  app.post(
    '/update-correct-reg-number',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Correct the registration number (upper-cased, up to 11 characters) and/or the variant of the latest inspection of an appointment',
        querystring: { type: 'object', properties: utm },
        // The schema the /admin-rv form is generated from (numbers and null arrive coerced to text).
        body: { ...adminForms.regVariant.schema, additionalProperties: false },
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
    async (request) => ({ detail: await correctRegVariant(app.db, currentUser(request).email, request.body as RegVariantCorrection) }),
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
    async (request) => ({ detail: await odometerReading(app.db, (request.params as { appointmentId: string }).appointmentId) }),
  );

  app.post(
    '/odometer',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Correct the odometer reading (km, up to 10 digits) of the latest inspection of an appointment',
        querystring: { type: 'object', properties: utm },
        // The schema the /admin-odo form is generated from (a number or null arrives coerced to text).
        body: { ...adminForms.odometer.schema, additionalProperties: false },
        response: {
          200: detailOf({ type: 'object', properties: { message: { type: 'string' }, appointmentId: { type: 'string' }, odometerReading: { type: 'integer' }, oldOdometerReading: { type: 'integer', nullable: true } } }),
          ...guardedErrors,
          404: errorSchema,
        },
      },
    },
    async (request) => ({ detail: await correctOdometer(app.db, currentUser(request).email, request.body as { appointmentId: string; odometerReading?: number | string | null }) }),
  );
  registerXFactorRoutes(app);
  registerUploadRoutes(app);
};

const SLOT = { type: 'string', pattern: '^([01][0-9]|2[0-3]):00:00$' } as const;

const factorRow = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    storeId: { type: 'integer' },
    storeName: { type: 'string' },
    date: { type: 'string' },
    slotXFactor: { type: 'object', additionalProperties: { type: 'number' } },
    updatedBy: { type: 'string' },
    updatedAt: { type: 'string' },
  },
} as const;

/** Store cancellation X factor (spec 002 §2, §3 'X factor row', §7 'Store cancellation factor'), QC admin only. */
function registerXFactorRoutes(app: Parameters<FastifyPluginAsync>[0]) {
  app.get(
    '/v2/store-cancellation-factor',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'X factor rows of locality / sell_online stores, filtered by store, date and slot',
        querystring: { type: 'object', additionalProperties: false, properties: { ...utm, storeId: { type: 'integer', minimum: 1, maximum: 2147483647 }, date: ymd, slotTime: SLOT } },
        response: { 200: detailOf({ type: 'array', items: factorRow }), ...guardedErrors },
      },
    },
    async (request) => ({ detail: await factorRows(app.db, X_FACTOR_CHANNELS, request.query as { storeId?: number; date?: string; slotTime?: string }) }),
  );

  app.put(
    '/v2/store-cancellation-factor/:id',
    {
      config: { access: 'admin' },
      schema: {
        summary: "Set one slot's X factor of a row (the factor is a number, 0 to 10, two decimals)",
        params: { type: 'object', properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } }, required: ['id'] },
        querystring: { type: 'object', properties: utm },
        body: {
          type: 'object',
          additionalProperties: false,
          properties: { slotTime: { type: 'string', maxLength: 8 }, xFactor: { type: ['number', 'null'] }, updatedBy: { type: 'string', maxLength: 254 } },
        },
        response: { 200: detailOf(factorRow), ...guardedErrors, 404: errorSchema },
      },
    },
    async (request) => ({ detail: await setXFactor(app.db, currentUser(request).email, (request.params as { id: number }).id, request.body as { slotTime?: string; xFactor?: number | null }) }),
  );

  app.post(
    '/v2/store-cancellation-factor/upload',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Upload an X factor CSV (multipart file, updatedBy): headers CENTRE_ID, DATE, DAY, SLOT, FACTOR (START_DATE, END_DATE optional); valid rows are applied in one transaction, the others answered with their row numbers',
        querystring: { type: 'object', properties: utm },
        response: {
          200: detailOf({
            type: 'object',
            properties: {
              message: { type: 'string' },
              updatedRows: { type: 'integer' },
              errorRows: { type: 'integer' },
              errors: { type: 'array', items: { type: 'object', properties: { row: { type: 'integer' }, message: { type: 'string' } } } },
            },
          }),
          ...guardedErrors,
          413: errorSchema,
        },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const form = await readForm(request);
      validateForm({ type: 'object', properties: { updatedBy: { type: 'string', maxLength: 254 } }, additionalProperties: false }, form.fields);
      return { detail: await uploadXFactorCsv(app.db, me.email, csvText(form.file, 'file'), form.file?.filename) };
    },
  );
}

/** Evaluator leaves and the video tutorial trigger (spec 002 §2 'Admin forms', §7), QC admin only. */
function registerUploadRoutes(app: Parameters<FastifyPluginAsync>[0]) {
  app.post(
    '/api/updateLeaveData',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Upload evaluator (CJ) leaves: multipart leaveFile (CSV: EVALUATOR_EMAIL, LEAVE_DATE, LEAVE_TYPE optional) and uploadedBy; all rows or none, errors one per line in detail',
        querystring: { type: 'object', properties: utm },
        response: { 200: detailOf({ type: 'object', properties: { message: { type: 'string' }, uploaded: { type: 'integer' } } }), ...guardedErrors, 413: errorSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const form = await readForm(request);
      validateForm({ type: 'object', properties: { uploadedBy: { type: 'string', maxLength: 254 } }, additionalProperties: false }, form.fields);
      return { detail: await uploadLeaves(app.db, me.email, csvText(form.file, 'leaveFile'), form.file?.filename) };
    },
  );

  app.post(
    '/upload-video-tutorial',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Trigger a video tutorial: multipart featureTitle, description, hindiVideo, englishVideo (video files), startDate, configName',
        querystring: { type: 'object', properties: utm },
        response: { 201: detailOf({ type: 'object', properties: { message: { type: 'string' }, id: { type: 'integer' }, hindiVideo: { type: 'string' }, englishVideo: { type: 'string' } } }), ...guardedErrors, 413: errorSchema },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const { fields, files } = await readFilesForm(request, 2);
      checkVideoTutorialForm(fields, files);
      const body = validateForm<VideoTutorialForm>({ ...adminForms.videoTutorial.schema, additionalProperties: false }, fields);
      const detail = await createVideoTutorial(app.db, app.ctx.uploadsDir, me.email, body, files);
      reply.code(201);
      return { detail };
    },
  );
}

export default adminRoutes;
