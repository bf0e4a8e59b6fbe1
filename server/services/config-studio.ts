/**
 * The config studio (issue 17): versions of each product's config in config_versions. A version is stored or
 * activated only when it passes the same checks as `npm run config:check` (src/products/studio-check.ts).
 */
import { createHash } from 'node:crypto';
import { checkProductConfig, refusalReasons, STUDIO_PRODUCTS, studioProduct, type StudioProduct } from '../../src/products/studio-check.ts';
import type { SessionUser } from '../auth.ts';
import type { Db, Queryable } from '../db.ts';
import { conflict, notFound } from '../errors.ts';
import { audit, getInspection, latestInspectionSamples } from '../repos/inspections.ts';
import { readDetail } from './inspections.ts';
import {
  activateVersion,
  activeConfigVersion,
  deactivateVersions,
  hasVersions,
  insertVersion,
  lockProductVersions,
  versionCounts,
  versionsOf,
  versionWithConfig,
  type VersionRow,
} from '../repos/config-versions.ts';

const SEED_MESSAGE = 'The config in src/config (seed)';
/** Inspections the studio's preview offers, newest first (car only: the one product whose inspections are seeded here). */
const SAMPLE_LIMIT = 30;

export const versionOut = (r: VersionRow) => ({
  id: r.id,
  product: r.product,
  message: r.message,
  author: r.author,
  authorName: r.author_name,
  createdAt: new Date(r.created_at).toISOString(),
  active: r.active,
});

export type VersionOut = ReturnType<typeof versionOut>;

export function productOr404(id: string): StudioProduct {
  const product = studioProduct(id);
  if (!product) throw notFound(`There is no product '${id}'`);
  return product;
}

/** The product's active config: the active version, else the JSON in src/config (id null). */
export async function activeConfig(db: Queryable, productId: string): Promise<{ id: number | null; config: unknown }> {
  const product = productOr404(productId);
  return (await activeConfigVersion(db, product.id)) ?? { id: null, config: product.seed() };
}

/** The ETag of an active config: its version, or a hash of the seed (which changes only with a release). */
const seedTags = new Map<string, string>();
export function configTag(productId: string, active: { id: number | null; config: unknown }): string {
  if (active.id !== null) return `"config-${productId}-${active.id}"`;
  let tag = seedTags.get(productId);
  if (!tag) {
    tag = `"config-${productId}-seed-${createHash('sha256').update(JSON.stringify(active.config)).digest('base64url').slice(0, 16)}"`;
    seedTags.set(productId, tag);
  }
  return tag;
}

/** Every studio product with its active version (null: the JSON in src/config) and how many versions it has. */
export async function listProducts(db: Queryable) {
  const counts = await versionCounts(db);
  return STUDIO_PRODUCTS.map((p) => ({ id: p.id, name: p.name, activeVersion: counts.get(p.id)?.active ?? null, versions: counts.get(p.id)?.versions ?? 0 }));
}

export async function listVersions(db: Queryable, productId: string): Promise<VersionOut[]> {
  return (await versionsOf(db, productOr404(productId).id)).map(versionOut);
}

export async function versionDetail(db: Queryable, productId: string, id: number): Promise<VersionOut & { config: unknown }> {
  const row = await versionWithConfig(db, productOr404(productId).id, id);
  if (!row) throw notFound(`There is no version ${id} of '${productId}'`);
  return { ...versionOut(row), config: row.config };
}

/** The seeded inspections the preview can render (none for a product without stored inspections). */
export async function previewSamples(db: Queryable, productId: string) {
  return productOr404(productId).id === 'car' ? latestInspectionSamples(db, SAMPLE_LIMIT) : [];
}

export async function previewSample(db: Queryable, productId: string, carId: number) {
  if (productOr404(productId).id !== 'car') throw notFound(`There are no stored inspections of '${productId}'`);
  return readDetail(db, await getInspection(db, carId));
}

export function checkConfig(productId: string, config: unknown) {
  return checkProductConfig(productOr404(productId), config);
}

/** A refused save or activation: the first reason as the answer's detail, every reason listed. */
export interface Refusal {
  refused: { detail: string; reasons: string[] };
}

/**
 * Saves a config that passes every check as the new active version; the first save keeps the seed as version one.
 * `baseVersion`: the active version the editor's text started from (null: the JSON in src/config). When another save
 * or activation made another version active since, the save is refused with 409, so one analyst's publish never
 * silently drops another's (the studio keeps the text and shows the versions as they are now).
 */
export async function saveVersion(db: Db, me: SessionUser, productId: string, config: unknown, message: string, baseVersion?: number | null): Promise<{ version: VersionOut } | Refusal> {
  const product = productOr404(productId);
  const reasons = refusalReasons(config, checkProductConfig(product, config));
  if (reasons.length) return { refused: { detail: `The config was not saved: ${reasons[0]}`, reasons } };
  const text = message.trim();
  return db.transaction(async (tx) => {
    await lockProductVersions(tx, product.id);
    // The first save keeps the seed as version one, so a roll back can return to it.
    if (!(await hasVersions(tx, product.id))) {
      await insertVersion(tx, { product: product.id, config: product.seed(), message: SEED_MESSAGE, author: 'seed', authorName: 'src/config', active: false });
    }
    const before = await deactivateVersions(tx, product.id);
    await refuseOverAnother(tx, product.id, before, baseVersion, 'yours would replace it. Your text is kept: look at what changed in the version list, then save again.');
    const saved = await insertVersion(tx, { product: product.id, config, message: text, author: me.email, authorName: me.name, active: true });
    await audit(tx, { actor: me.email, action: 'config-version-save', before: before === null ? null : String(before), after: String(saved.id), detail: { product: product.id, message: text } });
    return { version: versionOut(saved) };
  });
}

/**
 * A save or activation made from a page that showed `baseVersion` as the active one, while `before` is (undefined: the
 * caller named none, as before this check). Refused with 409 inside the transaction, so nothing changes: one
 * analyst's publish never silently replaces another's.
 */
async function refuseOverAnother(tx: Queryable, product: string, before: number | null, baseVersion: number | null | undefined, consequence: string): Promise<void> {
  if (baseVersion === undefined || before === baseVersion) return;
  const current = before === null ? null : await versionWithConfig(tx, product, before);
  const who = current ? `Version ${current.id} was made active by ${current.author_name}` : 'The configuration in the code was made active again';
  throw conflict(`${who} after you opened this one, and ${consequence}`);
}

/** Makes a saved version the active one (roll back or forward), re-checked first under today's checks; `baseVersion` as for a save. */
export async function activate(db: Db, me: SessionUser, productId: string, id: number, baseVersion?: number | null): Promise<{ version: VersionOut } | Refusal> {
  const product = productOr404(productId);
  return db.transaction(async (tx) => {
    await lockProductVersions(tx, product.id);
    const found = await versionWithConfig(tx, product.id, id);
    if (!found) throw notFound(`There is no version ${id} of '${product.id}'`);
    // A version saved under older checks may fail today's: never activate a config the engine would refuse.
    const reasons = refusalReasons(found.config, checkProductConfig(product, found.config));
    if (reasons.length) return { refused: { detail: `Version ${id} cannot be activated: ${reasons[0]}`, reasons } };
    const before = await deactivateVersions(tx, product.id);
    await refuseOverAnother(tx, product.id, before, baseVersion, `activating version ${id} would replace it. Look at what changed in the version list first.`);
    const activated = await activateVersion(tx, id);
    await audit(tx, { actor: me.email, action: 'config-version-activate', before: before === null ? null : String(before), after: String(id), detail: { product: product.id } });
    return { version: versionOut(activated) };
  });
}
