import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { checkProductConfig, refusalReasons, STUDIO_PRODUCTS, studioProduct } from '../../src/products/studio-check.ts';
import { currentUser } from '../auth.ts';
import type { Queryable } from '../db.ts';
import { errorSchema, notFound } from '../errors.ts';
import type { Area } from '../access.ts';
import { audit, getInspection, readDetail } from '../inspections-repo.ts';
import { anyObject, detailOf, guardedErrors, utm } from '../schemas.ts';

/** Config versions as the studio lists them (newest first). */
interface VersionRow {
  id: number;
  product: string;
  message: string;
  author: string;
  author_name: string;
  created_at: Date | string;
  active: boolean;
}

const versionOut = (r: VersionRow) => ({
  id: r.id,
  product: r.product,
  message: r.message,
  author: r.author,
  authorName: r.author_name,
  createdAt: new Date(r.created_at).toISOString(),
  active: r.active,
});

const versionSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    product: { type: 'string' },
    message: { type: 'string' },
    author: { type: 'string' },
    authorName: { type: 'string' },
    createdAt: { type: 'string' },
    active: { type: 'boolean' },
  },
} as const;

const productParam = { type: 'string', pattern: '^[a-z][a-z-]{1,30}$' } as const;
const productParams = { type: 'object', properties: { product: productParam }, required: ['product'] } as const;
const versionParams = {
  type: 'object',
  properties: { product: productParam, id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
  required: ['product', 'id'],
} as const;
const query = { type: 'object', properties: utm } as const;
const seedMessage = 'The config in src/config (seed)';

function productOr404(id: string) {
  const product = studioProduct(id);
  if (!product) throw notFound(`There is no product '${id}'`);
  return product;
}

/** The product's active config: the active version, else the JSON in src/config. */
export async function activeConfig(db: Queryable, productId: string): Promise<{ id: number | null; config: unknown }> {
  const { rows } = await db.query<{ id: number; config: unknown }>('SELECT id, config FROM config_versions WHERE product = $1 AND active', [productId]);
  return rows[0] ?? { id: null, config: productOr404(productId).seed() };
}

/** The review products a review screen loads its active config for, and who may read it (the screen's own area). */
const REVIEW_CONFIG_AREAS: readonly (readonly [string, Area])[] = [
  ['car', 'review'],
  ['bike', 'bikeReview'],
];

/** The ETag of an active config: its version, or a hash of the seed (which changes only with a release). */
const seedTags = new Map<string, string>();
function configTag(productId: string, active: { id: number | null; config: unknown }): string {
  if (active.id !== null) return `"config-${productId}-${active.id}"`;
  let tag = seedTags.get(productId);
  if (!tag) {
    tag = `"config-${productId}-seed-${createHash('sha256').update(JSON.stringify(active.config)).digest('base64url').slice(0, 16)}"`;
    seedTags.set(productId, tag);
  }
  return tag;
}

/** Inspections the studio's preview offers, newest first (car only: the one product whose inspections are seeded here). */
const SAMPLE_LIMIT = 30;

/**
 * The config studio (issue 17): versions of each product's config in PostgreSQL. A version is stored only when
 * it passes the same checks as `npm run config:check` (src/engine/product-check.ts); otherwise 422 with the reasons.
 */
const configStudioRoutes: FastifyPluginAsync = async (app) => {
  for (const [productId, access] of REVIEW_CONFIG_AREAS) {
    app.get(
      `/v2/review-config/${productId}`,
      {
        config: { access },
        schema: {
          summary: `The config a newly opened ${productId} review runs: the active version (id), else the JSON in src/config (id null). ETag: the version; If-None-Match answers 304`,
          querystring: query,
          response: { 200: detailOf({ type: 'object', properties: { id: { type: ['integer', 'null'] }, config: {} } }), 304: { type: 'null' }, ...guardedErrors },
        },
      },
      async (request, reply) => {
        const active = await activeConfig(app.db, productId);
        const tag = configTag(productId, active);
        // The browser keeps the answer and asks again with If-None-Match: opening a review costs a 304, not the config.
        void reply.header('etag', tag).header('cache-control', 'private, no-cache');
        if (request.headers['if-none-match'] === tag) return reply.code(304).send();
        return { detail: active };
      },
    );
  }

  app.get(
    '/v2/config-studio/products/:product/samples',
    {
      config: { access: 'configStudio' },
      schema: {
        summary: "Seeded inspections the studio's live preview can render (empty for a product without stored inspections: the preview generates one from the config)",
        querystring: query,
        params: productParams,
        response: {
          200: detailOf({
            type: 'array',
            items: { type: 'object', properties: { carId: { type: 'integer' }, appointmentId: { type: 'string' }, make: { type: 'string' }, model: { type: 'string' }, status: { type: 'string' } } },
          }),
          ...guardedErrors,
          404: errorSchema,
        },
      },
    },
    async (request) => {
      const product = productOr404((request.params as { product: string }).product);
      if (product.id !== 'car') return { detail: [] };
      const { rows } = await app.db.query<{ car_id: number; appointment_id: string; make: string; model: string; status: string }>(
        'SELECT car_id, appointment_id, make, model, status FROM inspections WHERE is_latest ORDER BY car_id DESC LIMIT $1',
        [SAMPLE_LIMIT],
      );
      return { detail: rows.map((r) => ({ carId: r.car_id, appointmentId: r.appointment_id, make: r.make, model: r.model, status: r.status })) };
    },
  );

  app.get(
    '/v2/config-studio/products/:product/samples/:id',
    {
      config: { access: 'configStudio' },
      schema: {
        summary: "One seeded inspection for the studio's preview, as GET v2/inspection/{id} answers it",
        querystring: query,
        params: versionParams,
        response: { 200: detailOf(anyObject), ...guardedErrors, 404: errorSchema },
      },
    },
    async (request) => {
      const { product, id } = request.params as { product: string; id: number };
      if (productOr404(product).id !== 'car') throw notFound(`There are no stored inspections of '${product}'`);
      return { detail: await readDetail(app.db, await getInspection(app.db, id)) };
    },
  );

  app.get(
    '/v2/config-studio/products',
    {
      config: { access: 'configStudio' },
      schema: {
        summary: 'The review products whose config the studio edits, with their active version (null: the config in src/config)',
        querystring: query,
        response: {
          200: detailOf({
            type: 'array',
            items: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' }, activeVersion: { type: ['integer', 'null'] }, versions: { type: 'integer' } } },
          }),
          ...guardedErrors,
        },
      },
    },
    async () => {
      const { rows } = await app.db.query<{ product: string; n: number; active: number | null }>(
        'SELECT product, count(*)::int AS n, max(id) FILTER (WHERE active) AS active FROM config_versions GROUP BY product',
      );
      const byProduct = new Map(rows.map((r) => [r.product, r]));
      return {
        detail: STUDIO_PRODUCTS.map((p) => ({ id: p.id, name: p.name, activeVersion: byProduct.get(p.id)?.active ?? null, versions: byProduct.get(p.id)?.n ?? 0 })),
      };
    },
  );

  app.get(
    '/v2/config-studio/products/:product/versions',
    {
      config: { access: 'configStudio' },
      schema: {
        summary: 'Saved versions of a product config, newest first',
        querystring: query,
        params: productParams,
        response: { 200: detailOf({ type: 'array', items: versionSchema }), ...guardedErrors, 404: errorSchema },
      },
    },
    async (request) => {
      const product = productOr404((request.params as { product: string }).product);
      const { rows } = await app.db.query<VersionRow>(
        'SELECT id, product, message, author, author_name, created_at, active FROM config_versions WHERE product = $1 ORDER BY id DESC',
        [product.id],
      );
      return { detail: rows.map(versionOut) };
    },
  );

  app.get(
    '/v2/config-studio/products/:product/active',
    {
      config: { access: 'configStudio' },
      schema: {
        summary: 'The config a new review of the product uses: the active version, else the JSON in src/config (id null)',
        querystring: query,
        params: productParams,
        response: { 200: detailOf({ type: 'object', properties: { id: { type: ['integer', 'null'] }, config: {} } }), ...guardedErrors, 404: errorSchema },
      },
    },
    async (request) => ({ detail: await activeConfig(app.db, (request.params as { product: string }).product) }),
  );

  app.get(
    '/v2/config-studio/products/:product/versions/:id',
    {
      config: { access: 'configStudio' },
      schema: {
        summary: 'One saved version with its config',
        querystring: query,
        params: versionParams,
        response: { 200: detailOf({ type: 'object', properties: { ...versionSchema.properties, config: {} } }), ...guardedErrors, 404: errorSchema },
      },
    },
    async (request) => {
      const { product, id } = request.params as { product: string; id: number };
      const { rows } = await app.db.query<VersionRow & { config: unknown }>('SELECT * FROM config_versions WHERE product = $1 AND id = $2', [productOr404(product).id, id]);
      if (!rows[0]) throw notFound(`There is no version ${id} of '${product}'`);
      return { detail: { ...versionOut(rows[0]), config: rows[0].config } };
    },
  );

  app.post(
    '/v2/config-studio/products/:product/check',
    {
      config: { access: 'configStudio', maxDepth: 40 },
      schema: {
        summary: 'Run the checks of npm run config:check on a config without saving it: schema and semantic problems at their JSON path, and each case with its problems',
        querystring: query,
        params: productParams,
        body: { type: 'object', properties: { config: {} }, required: ['config'], additionalProperties: false },
        response: {
          200: detailOf({
            type: 'object',
            properties: {
              problems: { type: 'array', items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } } } },
              cases: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, problems: { type: 'array', items: { type: 'string' } } } } },
            },
          }),
          ...guardedErrors,
          404: errorSchema,
        },
      },
    },
    async (request) => {
      const product = productOr404((request.params as { product: string }).product);
      return { detail: checkProductConfig(product, (request.body as { config: unknown }).config) };
    },
  );

  app.post(
    '/v2/config-studio/products/:product/versions',
    {
      // json-logic rules nest deeper than request data usually does.
      config: { access: 'configStudio', maxDepth: 40 },
      schema: {
        summary: 'Save a config as a new active version; refused with 422 and the reasons unless the schema, the semantic checks and every case pass',
        querystring: query,
        params: productParams,
        body: {
          type: 'object',
          properties: { config: { type: 'object' }, message: { type: 'string', minLength: 1, maxLength: 500, pattern: '\\S' } },
          required: ['config', 'message'],
          additionalProperties: false,
        },
        response: {
          200: detailOf(versionSchema),
          ...guardedErrors,
          404: errorSchema,
          422: { type: 'object', properties: { message: { type: 'string' }, detail: { type: 'string' }, reasons: { type: 'array', items: { type: 'string' } } } },
        },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const product = productOr404((request.params as { product: string }).product);
      const body = request.body as { config: unknown; message: string };
      const reasons = refusalReasons(checkProductConfig(product, body.config));
      if (reasons.length) {
        // A validation answer with a list of reasons, which HttpError's { message, detail } cannot carry.
        return reply.status(422).send({ message: 'Unprocessable Entity', detail: `The config was not saved: ${reasons[0]}`, reasons });
      }
      return app.db.transaction(async (tx) => {
        // Serialises saves of one product so two cannot both become active.
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`config-studio:${product.id}`]);
        const { rows: existing } = await tx.query<{ id: number }>('SELECT id FROM config_versions WHERE product = $1 LIMIT 1', [product.id]);
        // The first save keeps the seed as version one, so a roll back can return to it.
        if (!existing.length) {
          await tx.query('INSERT INTO config_versions (product, config, message, author, author_name) VALUES ($1, $2::jsonb, $3, $4, $5)', [
            product.id,
            JSON.stringify(product.seed()),
            seedMessage,
            'seed',
            'src/config',
          ]);
        }
        const { rows: before } = await tx.query<{ id: number }>('UPDATE config_versions SET active = false WHERE product = $1 AND active RETURNING id', [product.id]);
        const { rows } = await tx.query<VersionRow>(
          'INSERT INTO config_versions (product, config, message, author, author_name, active) VALUES ($1, $2::jsonb, $3, $4, $5, true) RETURNING id, product, message, author, author_name, created_at, active',
          [product.id, JSON.stringify(body.config), body.message.trim(), me.email, me.name],
        );
        await audit(tx, { actor: me.email, action: 'config-version-save', before: before[0] ? String(before[0].id) : null, after: String(rows[0].id), detail: { product: product.id, message: body.message.trim() } });
        return { detail: versionOut(rows[0]) };
      });
    },
  );

  app.post(
    '/v2/config-studio/products/:product/versions/:id/activate',
    {
      config: { access: 'configStudio' },
      schema: {
        summary: 'Make a saved version the active one (roll back or forward); the version is checked again first',
        querystring: query,
        params: versionParams,
        response: { 200: detailOf(versionSchema), ...guardedErrors, 404: errorSchema, 422: errorSchema },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const { id } = request.params as { id: number };
      const product = productOr404((request.params as { product: string }).product);
      return app.db.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`config-studio:${product.id}`]);
        const { rows: found } = await tx.query<{ config: unknown }>('SELECT config FROM config_versions WHERE product = $1 AND id = $2', [product.id, id]);
        if (!found[0]) throw notFound(`There is no version ${id} of '${product.id}'`);
        // A version saved under older checks may fail today's: never activate a config the engine would refuse.
        const reasons = refusalReasons(checkProductConfig(product, found[0].config));
        if (reasons.length) return reply.status(422).send({ message: 'Unprocessable Entity', detail: `Version ${id} cannot be activated: ${reasons[0]}` });
        const { rows: before } = await tx.query<{ id: number }>('UPDATE config_versions SET active = false WHERE product = $1 AND active RETURNING id', [product.id]);
        const { rows } = await tx.query<VersionRow>(
          'UPDATE config_versions SET active = true WHERE id = $1 RETURNING id, product, message, author, author_name, created_at, active',
          [id],
        );
        await audit(tx, { actor: me.email, action: 'config-version-activate', before: before[0] ? String(before[0].id) : null, after: String(id), detail: { product: product.id } });
        return { detail: versionOut(rows[0]) };
      });
    },
  );
};

export default configStudioRoutes;
