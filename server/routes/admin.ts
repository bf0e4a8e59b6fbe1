import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import adminForms from '../../src/config/admin-forms.json' with { type: 'json' };
import { checkLeaveCsv, checkXFactorCsv, hourlySlots, parseXFactor, type CsvRowError } from '../../src/products/admin/admin-csv.ts';
import type { InspectionField } from '../../src/engine/inspection.ts';
import type { Queryable } from '../db.ts';
import { currentUser } from '../auth.ts';
import { badRequest, conflict, errorSchema, HttpError, notFound } from '../errors.ts';
import { readForm, storeUpload, validateForm, type FormFile } from '../forms.ts';
import { audit, type InspectionRow } from '../repos/inspections.ts';
import { latestInspection } from '../review-helpers.ts';
import { detailOf, guardedErrors, utm, ymd } from '../schemas.ts';
import { checkRequestData, DEFAULT_MAX_DEPTH, setOwn } from '../safe-input.ts';

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
        // The schema the /admin-odo form is generated from (a number or null arrives coerced to text).
        body: { ...adminForms.odometer.schema, additionalProperties: false },
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
  registerXFactorRoutes(app);
  registerUploadRoutes(app);
};

/** Stores that have an X factor (spec 002 §2: only locality and sell_online stores). */
const X_FACTOR_CHANNELS = ['locality', 'sell_online'];
/** Slot hours of a store that has none recorded. */
const DEFAULT_HOURS = [10, 19] as const;
const SLOT = { type: 'string', pattern: '^([01][0-9]|2[0-3]):00:00$' } as const;

interface FactorStore {
  location_id: number;
  name: string;
  open_hour: number;
  close_hour: number;
}

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

const FACTOR_SELECT = `SELECT f.id, f.store_id AS "storeId", s.name AS "storeName", to_char(f.date, 'YYYY-MM-DD') AS date, f.slot_x_factor AS "slotXFactor",
                              f.updated_by AS "updatedBy", f.updated_at AS "updatedAt"
                         FROM store_cancellation_factor f JOIN stores s ON s.location_id = f.store_id`;

async function factorStores(db: Queryable): Promise<Map<number, FactorStore>> {
  const { rows } = await db.query<FactorStore>(
    `SELECT location_id, name, coalesce(open_hour, ${DEFAULT_HOURS[0]}) AS open_hour, coalesce(close_hour, ${DEFAULT_HOURS[1]}) AS close_hour
       FROM stores WHERE channel = ANY($1::text[]) ORDER BY name`,
    [X_FACTOR_CHANNELS],
  );
  return new Map(rows.map((r) => [r.location_id, r]));
}

/** Store cancellation X factor (spec 002 §2, §3 'X factor row', §7 'Store cancellation factor'), QC admin only. */
function registerXFactorRoutes(app: Parameters<FastifyPluginAsync>[0]) {
  app.get(
    '/v2/store-cancellation-factor/stores',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Stores with an X factor (locality, sell_online) and their hourly slots',
        querystring: { type: 'object', properties: utm },
        response: {
          200: detailOf({ type: 'array', items: { type: 'object', properties: { location_id: { type: 'integer' }, name: { type: 'string' }, slots: { type: 'array', items: { type: 'string' } } } } }),
          ...guardedErrors,
        },
      },
    },
    async () => ({ detail: [...(await factorStores(app.db)).values()].map((s) => ({ location_id: s.location_id, name: s.name, slots: hourlySlots(s.open_hour, s.close_hour) })) }),
  );

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
    async (request) => {
      const { storeId, date, slotTime } = request.query as { storeId?: number; date?: string; slotTime?: string };
      const { rows } = await app.db.query(
        `${FACTOR_SELECT} WHERE s.channel = ANY($1::text[]) AND ($2::int IS NULL OR f.store_id = $2) AND ($3::date IS NULL OR f.date = $3::date)
            AND ($4::text IS NULL OR f.slot_x_factor ? $4::text) ORDER BY f.date DESC, s.name LIMIT 500`,
        [X_FACTOR_CHANNELS, storeId ?? null, date ?? null, slotTime ?? null],
      );
      return { detail: rows };
    },
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
    async (request) => {
      const me = currentUser(request);
      const { id } = request.params as { id: number };
      const body = request.body as { slotTime?: string; xFactor?: number | null };
      if (!body.slotTime) throw badRequest('Slot is required');
      if (body.xFactor === null || body.xFactor === undefined) throw badRequest('X factor is required');
      const factor = parseXFactor(String(body.xFactor));
      if (factor === null) throw badRequest('X factor must be a number from 0 to 10 with at most two decimals');
      return app.db.transaction(async (tx) => {
        const row = (await tx.query<{ store_id: number; slot_x_factor: Record<string, number>; open_hour: number; close_hour: number; channel: string | null }>(
          `SELECT f.store_id, f.slot_x_factor, coalesce(s.open_hour, ${DEFAULT_HOURS[0]}) AS open_hour, coalesce(s.close_hour, ${DEFAULT_HOURS[1]}) AS close_hour, s.channel FROM store_cancellation_factor f JOIN stores s ON s.location_id = f.store_id WHERE f.id = $1 FOR UPDATE OF f`,
          [id],
        )).rows[0];
        if (!row || !X_FACTOR_CHANNELS.includes(row.channel ?? '')) throw notFound(`X factor row ${id} not found`);
        if (!hourlySlots(row.open_hour, row.close_hour).includes(body.slotTime!)) throw badRequest(`Slot ${body.slotTime} is outside the store's hours`);
        await tx.query(
          'UPDATE store_cancellation_factor SET slot_x_factor = slot_x_factor || jsonb_build_object($2::text, $3::numeric), updated_by = $4, updated_at = now() WHERE id = $1',
          [id, body.slotTime, factor, me.email],
        );
        await audit(tx, { actor: me.email, action: 'x-factor-update', detail: { id, storeId: row.store_id, slot: body.slotTime, before: row.slot_x_factor[body.slotTime!] ?? null, after: factor } });
        return { detail: (await tx.query(`${FACTOR_SELECT} WHERE f.id = $1`, [id])).rows[0] };
      });
    },
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
      const check = checkXFactorCsv(csvText(form.file, 'file'));
      if (check.fileError) throw badRequest(check.fileError);
      const errors: CsvRowError[] = [...check.errors];
      return app.db.transaction(async (tx) => {
        const stores = await factorStores(tx);
        let updated = 0;
        for (const { row, value } of check.rows) {
          const store = stores.get(value.storeId);
          if (!store) {
            errors.push({ row, message: `CENTRE_ID ${value.storeId} is not a locality or sell_online store` });
            continue;
          }
          if (!hourlySlots(store.open_hour, store.close_hour).includes(value.slot)) {
            errors.push({ row, message: `SLOT ${value.slot} is outside the hours of ${store.name}` });
            continue;
          }
          for (const date of value.dates) {
            await tx.query(
              `INSERT INTO store_cancellation_factor (store_id, date, slot_x_factor, updated_by) VALUES ($1, $2, jsonb_build_object($3::text, $4::numeric), $5)
               ON CONFLICT (store_id, date) DO UPDATE SET slot_x_factor = store_cancellation_factor.slot_x_factor || EXCLUDED.slot_x_factor,
                 updated_by = EXCLUDED.updated_by, updated_at = now()`,
              [value.storeId, date, value.slot, value.factor, me.email],
            );
          }
          updated++;
        }
        errors.sort((a, b) => a.row - b.row);
        await audit(tx, { actor: me.email, action: 'x-factor-upload', detail: { file: form.file?.filename, updatedRows: updated, errors } });
        return {
          detail: {
            message: errors.length ? `${updated} rows updated successfully, ${errors.length} error rows` : 'File uploaded successfully',
            updatedRows: updated,
            errorRows: errors.length,
            errors,
          },
        };
      });
    },
  );
}

/** A CSV upload's text: a file must be there, and be text (no NUL bytes, valid UTF-8). */
function csvText(file: FormFile | null, field: string): string {
  if (!file || file.field !== field || !file.data.length) throw badRequest('Please select csv file to upload');
  const text = file.data.toString('utf8');
  if (file.data.includes(0) || text.includes('\uFFFD')) throw badRequest('The file is not a CSV text file');
  return text;
}

/** What a video file's first bytes say it is (MP4/MOV, WebM/Matroska, Ogg); the declared type is not trusted. */
export function sniffVideo(data: Buffer): { ext: string; mime: string } | null {
  if (data.length >= 12 && data.toString('latin1', 4, 8) === 'ftyp') return data.toString('latin1', 8, 10) === 'qt' ? { ext: 'mov', mime: 'video/quicktime' } : { ext: 'mp4', mime: 'video/mp4' };
  if (data.length >= 4 && data.readUInt32BE(0) === 0x1a45dfa3) return { ext: 'webm', mime: 'video/webm' };
  if (data.length >= 4 && data.toString('latin1', 0, 4) === 'OggS') return { ext: 'ogg', mime: 'video/ogg' };
  return null;
}

/** A multipart form with up to `maxFiles` files (the app-wide limit is one), keyed by field. */
async function readFilesForm(request: FastifyRequest, maxFiles: number): Promise<{ fields: Record<string, string>; files: Map<string, FormFile> }> {
  if (!request.isMultipart()) throw badRequest('Expected a multipart/form-data body');
  const fields: Record<string, string> = Object.create(null);
  const files = new Map<string, FormFile>();
  try {
    for await (const part of request.parts({ limits: { files: maxFiles } })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (files.has(part.fieldname)) throw badRequest(`Only one ${part.fieldname} file may be sent`);
        files.set(part.fieldname, { field: part.fieldname, filename: part.filename, mimetype: part.mimetype, data });
      } else {
        const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        checkRequestData(value, DEFAULT_MAX_DEPTH, part.fieldname);
        setOwn(fields, part.fieldname, value);
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, 'Payload Too Large', 'The file is larger than 10 MB');
    if (code === 'FST_FILES_LIMIT') throw badRequest(`At most ${maxFiles} files may be sent`);
    throw badRequest(`Malformed multipart body: ${(error as Error).message}`);
  }
  return { fields, files };
}

const VIDEO = adminForms.videoTutorial;

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
      const check = checkLeaveCsv(csvText(form.file, 'leaveFile'));
      if (check.fileError) throw badRequest(check.fileError);
      if (check.errors.length) throw badRequest(check.errors.map((e) => `Row ${e.row}: ${e.message}`).join('\n'));
      return app.db.transaction(async (tx) => {
        for (const { value } of check.rows) {
          await tx.query(
            `INSERT INTO evaluator_leaves (evaluator_email, leave_date, leave_type, uploaded_by) VALUES ($1, $2, $3, $4)
             ON CONFLICT (evaluator_email, leave_date) DO UPDATE SET leave_type = EXCLUDED.leave_type, uploaded_by = EXCLUDED.uploaded_by, uploaded_at = now()`,
            [value.email, value.date, value.type, me.email],
          );
        }
        await audit(tx, { actor: me.email, action: 'evaluator-leaves-upload', detail: { file: form.file?.filename, rows: check.rows.length } });
        return { detail: { message: `${check.rows.length} leaves uploaded`, uploaded: check.rows.length } };
      });
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
      const present = (key: string) => (key === 'hindiVideo' || key === 'englishVideo' ? !!files.get(key)?.data.length : !!fields[key]?.trim());
      for (const [key, text] of VIDEO.checks) if (!present(key)) throw badRequest(text);
      const body = validateForm<{ featureTitle: string; description: string; startDate: string; configName: string }>({ ...VIDEO.schema, additionalProperties: false }, fields);
      const videos: Record<string, string> = {};
      const stored: (() => void)[] = [];
      try {
        for (const key of ['hindiVideo', 'englishVideo']) {
          const file = files.get(key)!;
          const kind = sniffVideo(file.data);
          if (!kind) throw badRequest(`${key === 'hindiVideo' ? 'Hindi' : 'English'} video: only video files can be uploaded`);
          const upload = storeUpload(app.ctx.uploadsDir, 'video-tutorials', `${body.featureTitle}-${key}`, kind.ext, file.data);
          stored.push(upload.remove);
          setOwn(videos, key, upload.url);
        }
        const id = await app.db.transaction(async (tx) => {
          const { rows } = await tx.query<{ id: number }>(
            `INSERT INTO video_tutorials (feature_title, description, hindi_video_url, english_video_url, start_date, config_name, created_by)
             VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
            [body.featureTitle.trim(), body.description.trim(), videos.hindiVideo, videos.englishVideo, body.startDate, body.configName.trim(), me.email],
          );
          await audit(tx, { actor: me.email, action: 'video-tutorial', detail: { id: rows[0].id, featureTitle: body.featureTitle, startDate: body.startDate, configName: body.configName } });
          return rows[0].id;
        });
        reply.code(201);
        return { detail: { message: VIDEO.success, id, hindiVideo: videos.hindiVideo, englishVideo: videos.englishVideo } };
      } catch (error) {
        for (const remove of stored) remove();
        throw error;
      }
    },
  );
}

export default adminRoutes;
