import type { FastifyPluginAsync } from 'fastify';
import type { RemarkEntry } from '../../src/engine/inspection.ts';
import { currentUser } from '../auth.ts';
import { badRequest, errorSchema, forbidden } from '../errors.ts';
import { readForm, sniffAudio, storeUpload, validateForm } from '../forms.ts';
import { audit, getInspection } from '../inspections-repo.ts';
import { toRemarkEntry } from '../review-results.ts';
import { appointmentIdSchema, assertAssignee, sameEmail, sectionSchema } from '../review-helpers.ts';
import { detailOf, email, guardedErrors, utm } from '../schemas.ts';
import { keyString } from '../safe-input.ts';

interface RemarkRow {
  id: number;
  user_email: string;
  type: 'text' | 'audio';
  remark: string;
  presigned_url: string | null;
  role: string;
  created_at: Date;
}

/** A stored remark as the review page shows it (000 §3 remarkHistory): the same entry `GET v2/inspection/{id}` merges. */
const toEntry = (row: RemarkRow): RemarkEntry => toRemarkEntry(row);

const entrySchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    user: { type: 'string' },
    type: { type: 'string', enum: ['text', 'audio'] },
    remark: { type: 'string' },
    presignedUrl: { type: 'string' },
    timestamp: { type: 'integer' },
    role: { type: 'string' },
  },
  required: ['id', 'user', 'type', 'remark', 'timestamp', 'role'],
} as const;

const key = keyString(150);

/** Fields of the `POST v2/rejection-remark` form (spec 000 §3 'Rejection remark payload'). */
const remarkFormSchema = {
  type: 'object',
  properties: {
    carId: { type: 'integer', minimum: 1 },
    section: sectionSchema,
    hashKey: key,
    part: key,
    subPart: key,
    remarkType: { type: 'string', enum: ['text', 'audio'] },
    remark: { type: 'string', maxLength: 2000 },
    type: { type: 'string', enum: ['rejectionRemark'] },
    role: { type: 'string', maxLength: 50 },
    inspectionStatus: { type: 'string', enum: ['smReview'] },
    user: email,
    ...utm,
  },
  required: ['carId', 'section', 'remarkType', 'type', 'role', 'inspectionStatus', 'user'],
} as const;

interface RemarkForm {
  carId: number;
  section: string;
  hashKey?: string;
  part?: string;
  subPart?: string;
  remarkType: 'text' | 'audio';
  remark?: string;
  user: string;
}

/** Rejection remarks (spec 000 §7 `GET`/`POST v2/rejection-remark`): text, or audio uploaded as a file. */
const remarkRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/v2/rejection-remark',
    {
      config: { access: 'review' },
      schema: {
        summary: 'Remark history of a row (section, part, subPart) or an image (hashKey) across the versions of an appointment',
        querystring: {
          type: 'object',
          properties: { ...utm, appointmentId: appointmentIdSchema, section: sectionSchema, part: key, subPart: key, hashKey: key },
          required: ['appointmentId', 'section'],
        },
        response: { 200: detailOf({ type: 'array', items: entrySchema }), ...guardedErrors },
      },
    },
    async (request) => {
      const q = request.query as { appointmentId: string; section: string; part?: string; subPart?: string; hashKey?: string };
      if (!q.part && !q.hashKey) throw badRequest('part or hashKey is required');
      const { rows } = await app.db.query<RemarkRow>(
        `SELECT id, user_email, type, remark, presigned_url, role, created_at FROM remarks
          WHERE appointment_id = $1 AND section = $2
            AND ($3::text IS NULL OR hash_key = $3)
            AND ($3::text IS NOT NULL OR (part = $4 AND sub_part IS NOT DISTINCT FROM $5))
          ORDER BY created_at, id`,
        [q.appointmentId, q.section, q.hashKey ?? null, q.part ?? null, q.subPart ?? null],
      );
      return { detail: rows.map(toEntry) };
    },
  );

  app.post(
    '/v2/rejection-remark',
    {
      config: { access: 'inspectionList' },
      schema: {
        summary:
          'Save a remark (multipart form: carId, section, hashKey | part [+ subPart], remarkType text|audio, remark or the audio file, ' +
          'type=rejectionRemark, role, inspectionStatus=smReview, user); assignee only',
        consumes: ['multipart/form-data'],
        querystring: { type: 'object', properties: utm },
        response: { 200: detailOf(entrySchema), ...guardedErrors, 404: errorSchema, 413: errorSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { fields, file } = await readForm(request);
      const form = validateForm<RemarkForm>(remarkFormSchema, fields);
      if (!form.part && !form.hashKey) throw badRequest('part or hashKey is required');
      if (!sameEmail(form.user, me.email)) throw forbidden('user must be the signed-in user');
      let text = '';
      let audio: { ext: string; data: Buffer } | null = null;
      if (form.remarkType === 'text') {
        text = (form.remark ?? '').trim();
        if (!text) throw badRequest('remark must not be empty');
        if (file) throw badRequest('A text remark carries no file');
      } else {
        if (!file) throw badRequest('An audio remark needs the recorded file');
        const kind = sniffAudio(file.data);
        // The bytes decide (MediaRecorder labels webm audio variously); the declared type is not trusted.
        if (!kind) {
          throw badRequest('The remark file is not an audio recording (webm, ogg, wav, mp3 or m4a)');
        }
        audio = { ext: kind.ext, data: file.data };
        text = (form.remark ?? '').trim() || 'Audio remark';
      }
      const row = await getInspection(app.db, form.carId);
      assertAssignee(row, me, 'save remarks on this inspection');
      const stored = audio ? storeUpload(app.ctx.uploadsDir, `remarks/${row.appointment_id}`, `${form.carId}-${form.hashKey ?? form.part}`, audio.ext, audio.data) : null;
      try {
        return await app.db.transaction(async (tx) => {
          const current = await getInspection(tx, form.carId, { forUpdate: true });
          assertAssignee(current, me, 'save remarks on this inspection');
          const { rows } = await tx.query<RemarkRow>(
            `INSERT INTO remarks (car_id, appointment_id, section, part, sub_part, hash_key, type, remark, presigned_url, user_email, role)
             VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11) RETURNING id, user_email, type, remark, presigned_url, role, created_at`,
            [form.carId, current.appointment_id, form.section, form.part ?? null, form.subPart ?? null, form.hashKey ?? null, form.remarkType, text, stored?.url ?? null, me.email, me.role ?? ''],
          );
          await audit(tx, {
            actor: me.email,
            action: 'rejection-remark',
            carId: form.carId,
            appointmentId: current.appointment_id,
            before: current.status,
            after: current.status,
            detail: { remarkId: rows[0].id, section: form.section, part: form.part ?? null, subPart: form.subPart ?? null, hashKey: form.hashKey ?? null, remarkType: form.remarkType },
          });
          return { detail: toEntry(rows[0]) };
        });
      } catch (error) {
        stored?.remove();
        throw error;
      }
    },
  );
};

export default remarkRoutes;
