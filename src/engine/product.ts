/**
 * What a product's review screen is made of besides its rows, declared in its `product.json` and its outcome
 * rules, and evaluated here so the screens, the machines and the server read one answer: the panels a tab hosts
 * (and the rows they edit), the image groups that are documents, the issue types of the rejection popup, who may
 * edit an inspection in which status, and when the customer documents popup applies. Pure; knows no product.
 */
import type { IssueType, PanelDeclaration, PanelKind, ProductDeclaration, ReviewConfig } from './config.ts';
import { evaluateOutcome, type OutcomeRule } from './outcome.ts';
import type { Tab } from './types.ts';

/** The panel of `kind` the product declares, if any. */
export function panelOf<K extends PanelKind>(config: ReviewConfig, kind: K): Extract<PanelDeclaration, { kind: K }> | undefined {
  return config.product.panels?.find((p): p is Extract<PanelDeclaration, { kind: K }> => p.kind === kind);
}

/** The panels a tab hosts, in declaration order. */
export function panelsOn(config: ReviewConfig, tab: Tab): PanelDeclaration[] {
  return config.product.panels?.filter((p) => p.tab === tab) ?? [];
}

const panelRowCache = new WeakMap<ReviewConfig, ReadonlySet<string>>();

/** Row keys a panel edits (make/model/variant…): the row list shows their value only. */
export function panelRows(config: ReviewConfig): ReadonlySet<string> {
  let keys = panelRowCache.get(config);
  if (!keys) {
    keys = new Set(config.product.panels?.flatMap((p) => (p.kind === 'makeModelVariant' ? [p.rows.make, p.rows.model, p.rows.variant] : [])) ?? []);
    panelRowCache.set(config, keys);
  }
  return keys;
}

/** True for an image group the product declares a document (RC, insurance): verified filters, customer documents. */
export function isDocumentGroup(config: ReviewConfig, group: string): boolean {
  return config.product.documentImages?.includes(group) ?? false;
}

/** The issue types of the rejection popup (none when the product declares none). */
export function issueTypes(config: ReviewConfig): readonly IssueType[] {
  return config.product.issueTypes ?? [];
}

/** Toggles an issue type: an exclusive one ('No issue') clears the others, choosing another clears the exclusive ones. */
export function toggleIssue(config: ReviewConfig, selected: readonly number[], id: number): number[] {
  if (selected.includes(id)) return selected.filter((chosen) => chosen !== id);
  const exclusive = new Set(issueTypes(config).filter((t) => t.exclusive).map((t) => t.id));
  if (exclusive.has(id)) return [id];
  return [...selected.filter((chosen) => !exclusive.has(chosen)), id];
}

const squash = (status: string) => status.toLowerCase().replace(/_/g, '');

/** The declared status a stored one stands for ('SM_REVIEW', 'smreview' → 'smReview'); unknown ones stay as they are. */
export function declaredStatus(product: ProductDeclaration, status: string | null | undefined): string {
  const text = String(status ?? '');
  return product.statuses.find((s) => squash(s) === squash(text)) ?? text;
}

/** Facts of the `editRights` outcome. */
export interface EditFacts {
  status: string | null | undefined;
  isAssignee: boolean;
  /** A past version opened from the version list. */
  isVersionView: boolean;
}

/** Whether the user may edit (tick, correct, remark, submit) by the product's `editRights` outcome; without one, the assignee may. */
export function canEdit(config: ReviewConfig, facts: EditFacts): boolean {
  const rules = config.outcomes.editRights as OutcomeRule<{ canEdit: boolean }>[] | undefined;
  if (!rules) return facts.isAssignee;
  return evaluateOutcome(rules, { ...facts, status: declaredStatus(config.product, facts.status) }).canEdit === true;
}

/** Facts of the `documentPopup` outcome. */
export interface DocumentPopupFacts {
  status: string | null | undefined;
  isAssignee: boolean;
  /** The customer uploaded documents before the inspection. */
  hasCustomerDocuments: boolean;
  /** The inspection has images in a document group. */
  hasDocumentImages: boolean;
}

/** Whether the customer documents popup applies, by the product's `documentPopup` outcome; never without one. */
export function showsDocumentPopup(config: ReviewConfig, facts: DocumentPopupFacts): boolean {
  const rules = config.outcomes.documentPopup as OutcomeRule<{ show: boolean }>[] | undefined;
  if (!rules) return false;
  return evaluateOutcome(rules, { ...facts, status: declaredStatus(config.product, facts.status) }).show === true;
}

/**
 * Load-time checks of the declaration's review parts: panels on declared tabs naming existing rows (one panel of a
 * kind), document groups naming image rows, unique issue type ids, and the outcomes these read setting their field.
 * Answers `[path, message]` or null.
 */
export function checkReviewDeclaration(config: ReviewConfig): [string, string] | null {
  const { product } = config;
  const rows = new Map(config.rows.map((r) => [r.key, r]));
  const kinds = new Set<string>();
  for (const [i, panel] of (product.panels ?? []).entries()) {
    const p = `/product/panels/${i}`;
    if (!product.tabs.includes(panel.tab)) return [`${p}/tab`, `tab '${panel.tab}' is not one of the product's tabs`];
    if (kinds.has(panel.kind)) return [`${p}/kind`, `a second '${panel.kind}' panel`];
    kinds.add(panel.kind);
    if (panel.kind === 'makeModelVariant') {
      for (const [role, key] of Object.entries(panel.rows)) if (!rows.has(key)) return [`${p}/rows/${role}`, `unknown row '${key}'`];
    }
  }
  for (const [i, group] of (product.documentImages ?? []).entries()) {
    if (rows.get(group)?.kind !== 'image') return [`/product/documentImages/${i}`, `'${group}' is not an image row`];
  }
  const ids = new Set<number>();
  for (const [i, t] of (product.issueTypes ?? []).entries()) {
    if (ids.has(t.id)) return [`/product/issueTypes/${i}/id`, `duplicate issue type id ${t.id}`];
    ids.add(t.id);
  }
  const fields: [string, string][] = [['editRights', 'canEdit'], ['documentPopup', 'show']];
  for (const [name, field] of fields) {
    const rules = config.outcomes[name];
    if (rules && typeof rules[rules.length - 1].set[field] !== 'boolean') return [`/outcomes/${name}/${rules.length - 1}/set`, `'${name}' sets '${field}' (true or false)`];
  }
  return null;
}
