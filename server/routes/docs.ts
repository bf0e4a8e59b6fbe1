import type { FastifyPluginAsync } from 'fastify';
import { currentUser } from '../auth.ts';
import { badRequest, errorSchema, forbidden, notFound } from '../errors.ts';
import { audit } from '../repos/inspections.ts';
import { appointmentIdSchema, appointmentQuery, assertAssignee, latestInspection, leadTokenSchema, sameEmail } from '../review-helpers.ts';
import { detailOf, email, guardedErrors, utm } from '../schemas.ts';

const RC_TYPES = ['Original', 'Duplicate', 'Photocopy', 'Lost'];

interface DocRow {
  id: number;
  appointment_id: string;
  doc_type: 'rc' | 'insurance';
  type: string;
  image_title: string;
  url: string;
  qc_action: string | null;
  uploaded_at: Date;
}

const toImage = (d: DocRow) => ({ id: d.id, type: d.type, imageTitle: d.image_title, qcAction: d.qc_action, url: d.url });

const imageSchema = {
  type: 'object',
  properties: { id: { type: 'integer' }, type: { type: 'string' }, imageTitle: { type: 'string' }, qcAction: { type: 'string', nullable: true }, url: { type: 'string' } },
  required: ['type', 'imageTitle', 'qcAction', 'url'],
} as const;
const statusSchema = { type: 'string', enum: ['PENDING', 'VERIFIED', 'UNVERIFIED'] } as const;
const byLead = { type: 'object', properties: { ...utm, appointmentId: appointmentIdSchema, leadToken: leadTokenSchema }, required: ['appointmentId', 'leadToken'] } as const;

/** The appointment's lead token must match: it is what the customer-facing upload was keyed by. */
async function checkLead(app: Parameters<FastifyPluginAsync>[0], appointmentId: string, leadToken: string): Promise<void> {
  const row = await latestInspection(app.db, appointmentId);
  if (row.lead_token !== leadToken) throw notFound(`No documents for appointment ${appointmentId} with this lead token`);
}

/**
 * The pre-inspection documents host (spec 000 §7, served under /docs-api/): customer RC and insurance images and
 * their QC approval, single documents, imperfections and restricted images.
 */
const docsRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/api/getRcInsuranceDocs',
    {
      config: { access: 'review' },
      schema: {
        summary: 'Customer-uploaded RC and insurance images of an appointment with their QC actions and statuses',
        querystring: byLead,
        response: {
          200: detailOf({
            type: 'object',
            properties: {
              appointmentId: { type: 'string' },
              preRcImages: { type: 'array', items: imageSchema },
              preInsuranceImages: { type: 'array', items: imageSchema },
              rcType: { type: 'string', nullable: true },
              rcStatus: statusSchema,
              insuranceStatus: statusSchema,
            },
            required: ['preRcImages', 'preInsuranceImages', 'rcStatus', 'insuranceStatus'],
          }),
          ...guardedErrors,
          404: errorSchema,
        },
      },
    },
    async (request) => {
      const { appointmentId, leadToken } = request.query as { appointmentId: string; leadToken: string };
      await checkLead(app, appointmentId, leadToken);
      const docs = await app.db.query<DocRow>('SELECT * FROM customer_documents WHERE appointment_id = $1 ORDER BY doc_type, image_title, id', [appointmentId]);
      const statuses = await app.db.query<{ doc_type: string; status: string; rc_type: string | null }>(
        'SELECT doc_type, status, rc_type FROM customer_document_status WHERE appointment_id = $1',
        [appointmentId],
      );
      const status = (docType: string) => statuses.rows.find((s) => s.doc_type === docType);
      return {
        detail: {
          appointmentId,
          preRcImages: docs.rows.filter((d) => d.doc_type === 'rc').map(toImage),
          preInsuranceImages: docs.rows.filter((d) => d.doc_type === 'insurance').map(toImage),
          rcType: status('rc')?.rc_type ?? null,
          rcStatus: status('rc')?.status ?? 'PENDING',
          insuranceStatus: status('insurance')?.status ?? 'PENDING',
        },
      };
    },
  );

  app.put(
    '/api/approval',
    {
      config: { access: 'inspectionList' },
      schema: {
        summary: 'QC verdict on the customer documents of one type (rc needs rcType); per-image qcAction in images; assignee only',
        querystring: { type: 'object', properties: utm },
        body: {
          type: 'object',
          properties: {
            appointmentId: appointmentIdSchema,
            docType: { type: 'string', enum: ['rc', 'insurance'] },
            user: email,
            rcType: { type: 'string', enum: [...RC_TYPES, null], nullable: true },
            status: { type: 'string', enum: ['VERIFIED', 'UNVERIFIED'] },
            images: {
              type: 'array',
              maxItems: 20,
              items: {
                type: 'object',
                properties: { imageTitle: { type: 'string', maxLength: 100 }, type: { type: 'string', maxLength: 50 }, qcAction: { type: 'string', enum: ['APPROVED', 'REJECTED'] } },
                required: ['imageTitle', 'qcAction'],
              },
            },
          },
          required: ['appointmentId', 'docType', 'user', 'status'],
        },
        response: {
          200: detailOf({
            type: 'object',
            properties: { appointmentId: { type: 'string' }, docType: { type: 'string' }, status: statusSchema, rcType: { type: 'string', nullable: true } },
          }),
          ...guardedErrors,
          404: errorSchema,
        },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const body = request.body as {
        appointmentId: string;
        docType: 'rc' | 'insurance';
        user: string;
        rcType?: string | null;
        status: 'VERIFIED' | 'UNVERIFIED';
        images?: { imageTitle: string; qcAction: 'APPROVED' | 'REJECTED' }[];
      };
      if (!sameEmail(body.user, me.email)) throw forbidden('user must be the signed-in user');
      if (body.docType === 'rc' && !body.rcType) throw badRequest('rcType is required for RC documents');
      const rcType = body.docType === 'rc' ? body.rcType! : null;
      return app.db.transaction(async (tx) => {
        const row = await latestInspection(tx, body.appointmentId, { forUpdate: true });
        assertAssignee(row, me, 'verify the customer documents');
        const docs = await tx.query<DocRow>('SELECT * FROM customer_documents WHERE appointment_id = $1 AND doc_type = $2 ORDER BY id', [body.appointmentId, body.docType]);
        if (!docs.rows.length) throw notFound(`No ${body.docType} documents for appointment ${body.appointmentId}`);
        const images = body.images ?? [];
        for (const image of images) {
          if (!docs.rows.some((d) => d.image_title === image.imageTitle)) throw badRequest(`Unknown ${body.docType} image ${image.imageTitle}`);
        }
        const action = (d: DocRow) => images.find((i) => i.imageTitle === d.image_title)?.qcAction ?? d.qc_action;
        if (images.length && docs.rows.some((d) => !action(d))) throw badRequest('Every image needs a qcAction');
        const allApproved = docs.rows.every((d) => action(d) === 'APPROVED');
        if (images.length && (body.status === 'VERIFIED') !== allApproved) {
          throw badRequest('status must be VERIFIED exactly when every image is APPROVED');
        }
        for (const image of images) {
          await tx.query('UPDATE customer_documents SET qc_action = $3 WHERE appointment_id = $1 AND doc_type = $2 AND image_title = $4', [body.appointmentId, body.docType, image.qcAction, image.imageTitle]);
        }
        const before = await tx.query<{ status: string }>('SELECT status FROM customer_document_status WHERE appointment_id = $1 AND doc_type = $2', [body.appointmentId, body.docType]);
        await tx.query(
          `INSERT INTO customer_document_status (appointment_id, doc_type, status, rc_type, verified_by, verified_at) VALUES ($1, $2, $3, $4, $5, now())
           ON CONFLICT (appointment_id, doc_type) DO UPDATE SET status = EXCLUDED.status, rc_type = EXCLUDED.rc_type, verified_by = EXCLUDED.verified_by, verified_at = now()`,
          [body.appointmentId, body.docType, body.status, rcType, me.email],
        );
        await audit(tx, {
          actor: me.email,
          action: `document-approval-${body.docType}`,
          carId: row.car_id,
          appointmentId: body.appointmentId,
          before: before.rows[0]?.status ?? 'PENDING',
          after: body.status,
          detail: { rcType, images },
        });
        return { detail: { appointmentId: body.appointmentId, docType: body.docType, status: body.status, rcType } };
      });
    },
  );

  app.get(
    '/get-doc/:id',
    {
      config: { access: 'review' },
      schema: {
        summary: 'One customer document; leadToken must be its appointment\'s (ids are sequential, so an id alone is not enough)',
        params: { type: 'object', properties: { id: { type: 'integer', minimum: 1 } }, required: ['id'] },
        querystring: { type: 'object', properties: { ...utm, leadToken: leadTokenSchema }, required: ['leadToken'] },
        response: {
          200: detailOf({
            type: 'object',
            properties: { ...imageSchema.properties, appointmentId: { type: 'string' }, docType: { type: 'string' }, status: statusSchema, uploadedAt: { type: 'string' } },
          }),
          ...guardedErrors,
          404: errorSchema,
        },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const { leadToken } = request.query as { leadToken: string };
      const { rows } = await app.db.query<DocRow & { status: string | null }>(
        `SELECT d.*, s.status FROM customer_documents d
           LEFT JOIN customer_document_status s ON s.appointment_id = d.appointment_id AND s.doc_type = d.doc_type WHERE d.id = $1`,
        [id],
      );
      const d = rows[0];
      // The same answer for an unknown id and a wrong lead token: an id does not reveal that a document exists.
      if (!d) throw notFound(`Document ${id} not found`);
      const lead = await app.db.query<{ lead_token: string | null }>(
        'SELECT lead_token FROM inspections WHERE appointment_id = $1 ORDER BY is_latest DESC, version DESC LIMIT 1',
        [d.appointment_id],
      );
      if (lead.rows[0]?.lead_token !== leadToken) throw notFound(`Document ${id} not found`);
      return { detail: { ...toImage(d), appointmentId: d.appointment_id, docType: d.doc_type, status: d.status ?? 'PENDING', uploadedAt: new Date(d.uploaded_at).toISOString() } };
    },
  );

  app.get(
    '/api/imperfections',
    {
      config: { access: 'review' },
      schema: {
        summary: 'Imperfections recorded for an appointment',
        querystring: appointmentQuery,
        response: {
          200: detailOf({
            type: 'array',
            items: {
              type: 'object',
              properties: {
                id: { type: 'integer' }, section: { type: 'string' }, part: { type: 'string' }, title: { type: 'string' },
                description: { type: 'string' }, severity: { type: 'string' }, url: { type: 'string', nullable: true },
              },
            },
          }),
          ...guardedErrors,
          404: errorSchema,
        },
      },
    },
    async (request) => {
      const { appointmentId } = request.query as { appointmentId: string };
      await latestInspection(app.db, appointmentId);
      const { rows } = await app.db.query('SELECT id, section, part, title, description, severity, url FROM imperfections WHERE appointment_id = $1 ORDER BY id', [appointmentId]);
      return { detail: rows };
    },
  );

  app.get(
    '/api/restricted-images',
    {
      config: { access: 'review' },
      schema: {
        summary: 'Images of an appointment withheld from the normal image lists',
        querystring: byLead,
        response: {
          200: detailOf({
            type: 'array',
            items: { type: 'object', properties: { id: { type: 'integer' }, title: { type: 'string' }, reason: { type: 'string' }, url: { type: 'string' } } },
          }),
          ...guardedErrors,
          404: errorSchema,
        },
      },
    },
    async (request) => {
      const { appointmentId, leadToken } = request.query as { appointmentId: string; leadToken: string };
      await checkLead(app, appointmentId, leadToken);
      const { rows } = await app.db.query('SELECT id, title, reason, url FROM restricted_images WHERE appointment_id = $1 AND lead_token = $2 ORDER BY id', [appointmentId, leadToken]);
      return { detail: rows };
    },
  );
};

export default docsRoutes;
