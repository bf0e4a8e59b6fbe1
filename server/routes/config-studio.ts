import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { currentUser } from '../auth.ts';
import { errorSchema } from '../errors.ts';
import type { Area } from '../access.ts';
import { anyObject, detailOf, guardedErrors, utm } from '../schemas.ts';
import {
  activate,
  activeConfig,
  checkConfig,
  configTag,
  listProducts,
  listVersions,
  previewSample,
  previewSamples,
  saveVersion,
  versionDetail,
  type Refusal,
  type VersionOut,
} from '../services/config-studio.ts';

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

/** The review products a review screen loads its active config for, and who may read it (the screen's own area). */
const REVIEW_CONFIG_AREAS: readonly (readonly [string, Area])[] = [
  ['car', 'review'],
  ['bike', 'bikeReview'],
  ['refurbishment', 'refurbishmentReview'],
  ['gs-unflagging', 'gs'],
];

/** A saved or activated version, or 422 with the reasons a config is refused (HttpError's { message, detail } cannot list them). */
/** The active version a save or activation was made from (null: the config in the code); see saveVersion. */
const BASE_VERSION = { type: ['integer', 'null'], minimum: 1, maximum: 2147483647 };

function versionAnswer(result: { version: VersionOut } | Refusal, reply: FastifyReply) {
  if ('refused' in result) return reply.status(422).send({ message: 'Unprocessable Entity', ...result.refused });
  return { detail: result.version };
}

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
    async (request) => ({ detail: await previewSamples(app.db, (request.params as { product: string }).product) }),
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
      return { detail: await previewSample(app.db, product, id) };
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
    async () => ({ detail: await listProducts(app.db) }),
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
    async (request) => ({ detail: await listVersions(app.db, (request.params as { product: string }).product) }),
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
      return { detail: await versionDetail(app.db, product, id) };
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
    async (request) => ({ detail: checkConfig((request.params as { product: string }).product, (request.body as { config: unknown }).config) }),
  );

  app.post(
    '/v2/config-studio/products/:product/versions',
    {
      // json-logic rules nest deeper than request data usually does.
      config: { access: 'configStudio', maxDepth: 40 },
      schema: {
        summary:
          'Save a config as a new active version; refused with 422 and the reasons unless the schema, the semantic checks and every case pass, and with 409 when `baseVersion` (the active version the text started from, null for the code\'s) is no longer the active one',
        querystring: query,
        params: productParams,
        body: {
          type: 'object',
          properties: {
            config: { type: 'object' },
            message: { type: 'string', minLength: 1, maxLength: 500, pattern: '\\S' },
            baseVersion: BASE_VERSION,
          },
          required: ['config', 'message'],
          additionalProperties: false,
        },
        response: {
          200: detailOf(versionSchema),
          ...guardedErrors,
          404: errorSchema,
          409: errorSchema,
          422: { type: 'object', properties: { message: { type: 'string' }, detail: { type: 'string' }, reasons: { type: 'array', items: { type: 'string' } } } },
        },
      },
    },
    async (request, reply) => {
      const body = request.body as { config: unknown; message: string; baseVersion?: number | null };
      return versionAnswer(await saveVersion(app.db, currentUser(request), (request.params as { product: string }).product, body.config, body.message, body.baseVersion), reply);
    },
  );

  app.post(
    '/v2/config-studio/products/:product/versions/:id/activate',
    {
      config: { access: 'configStudio' },
      schema: {
        summary: 'Make a saved version the active one (roll back or forward); the version is checked again first; 409 when `baseVersion` is no longer the active one',
        querystring: query,
        params: versionParams,
        body: { type: ['object', 'null'], properties: { baseVersion: BASE_VERSION }, additionalProperties: false },
        response: { 200: detailOf(versionSchema), ...guardedErrors, 404: errorSchema, 409: errorSchema, 422: errorSchema },
      },
    },
    async (request, reply) => {
      const { product, id } = request.params as { product: string; id: number };
      const body = request.body as { baseVersion?: number | null } | null | undefined;
      return versionAnswer(await activate(app.db, currentUser(request), product, id, body?.baseVersion), reply);
    },
  );
};

export default configStudioRoutes;
