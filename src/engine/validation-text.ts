/**
 * What a user reads when a request's shape is refused (issues 11 and 16): the schema validator's text
 * ('querystring/appointmentId must match pattern "^[A-Za-z0-9-]{1,40}$"') becomes a plain sentence naming the field
 * ('Appointment ID has the wrong format.'). The one place that maps it: the server answers with it (server/errors.ts),
 * and the client (src/api/http.ts) maps any validator text that still reaches it. Pure, so both can import it.
 */

/** Fields whose name does not read well when split from camelCase. */
const LABELS: ReadonlyMap<string, string> = new Map([
  ['appointmentId', 'Appointment ID'],
  ['carId', 'Car ID'],
  ['inspectionId', 'Inspection ID'],
  ['hashKey', 'Image key'],
  ['qcAssignTo', 'Assignee'],
  ['to', 'Recipients'],
  ['rtoCode', 'RTO code'],
  ['stateId', 'State'],
  ['state_id', 'State'],
  ['modelId', 'Model'],
  ['storeCityId', 'City'],
  ['storeId', 'Centre'],
  ['assignTo', 'Assignee'],
  ['imageFile', 'Image'],
]);

/** 'noClaimBonusPercentage' → 'No claim bonus percentage'. */
export function fieldLabel(name: string): string {
  const bare = name.replace(/\[\]$/, '');
  const known = LABELS.get(bare);
  if (known) return known;
  const words = bare
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : 'A value';
}

const WHERE = /^(body|querystring|params|headers)(\/[^\s]*)?\s+(.*)$/s;

/** The problem of one validator message, as the end of a sentence about the field. */
function problem(rule: string): string | null {
  let m: RegExpMatchArray | null;
  if ((m = rule.match(/^must NOT have more than (\d+) (characters|items)/))) return `is too long (at most ${m[1]} ${m[2]})`;
  if ((m = rule.match(/^must NOT have fewer than (\d+) (characters|items)/))) return m[1] === '1' ? 'must not be empty' : `is too short (at least ${m[1]} ${m[2]})`;
  if (/^must match pattern/.test(rule) || /^must match format/.test(rule)) return 'has the wrong format';
  if ((m = rule.match(/^must be (integer|number)/))) return 'must be a number';
  if (/^must be string/.test(rule)) return 'must be text';
  if (/^must be boolean/.test(rule)) return 'must be yes or no';
  if (/^must be (array|object)/.test(rule)) return 'has the wrong shape';
  if ((m = rule.match(/^must be (>=|>) (-?[\d.]+)/))) return m[1] === '>=' ? `must be at least ${m[2]}` : `must be more than ${m[2]}`;
  if ((m = rule.match(/^must be (<=|<) (-?[\d.]+)/))) return m[1] === '<=' ? `must be at most ${m[2]}` : `must be less than ${m[2]}`;
  if (/^must be equal to (one of the allowed values|constant)/.test(rule)) return 'is not one of the allowed choices';
  return null;
}

/**
 * A plain sentence for a schema validator's message, or null when `text` is not one (the server's own sentences,
 * 'Inspection 77 not found', are already plain and pass through unchanged).
 */
export function plainValidationText(text: string): string | null {
  // Several failures come joined by ', '; the first one is enough to act on.
  const first = text.split(/, (?=(?:body|querystring|params|headers)\b)/)[0];
  const m = first.match(WHERE);
  if (!m) return null;
  const [, , path = '', rule] = m;
  return sentence(path.split('/'), rule);
}

/** One failure as the validator reports it (ajv's ErrorObject): where (a JSON pointer) and what. */
export interface SchemaFailure {
  instancePath: string;
  message?: string;
}

/**
 * A plain sentence for the validator's first failure, from its structured form: field names with spaces or slashes
 * ('Airbag Count') survive, which the joined text cannot carry.
 */
export function plainSchemaFailure(failure: SchemaFailure, titleOf?: TitleOf): string {
  const segments = failure.instancePath.split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  return sentence(segments, failure.message ?? '', titleOf);
}

/** A field's name as its form shows it (a schema property's `title`), when there is one. */
export type TitleOf = (field: string) => string | undefined;

/** The `title`s of a form schema's top-level properties (own properties only: a field name comes from the request). */
export function titlesOf(schema: object): TitleOf {
  const properties = (schema as { properties?: Record<string, { title?: unknown }> }).properties ?? {};
  return (field) => {
    const title = Object.hasOwn(properties, field) ? properties[field].title : undefined;
    return typeof title === 'string' ? title : undefined;
  };
}

function sentence(pathSegments: string[], rule: string, titleOf?: TitleOf): string {
  const label = (name: string) => titleOf?.(name) ?? fieldLabel(name);
  const required = rule.match(/^must have required property '([^']+)'/);
  if (required) return `${label(required[1])} is missing.`;
  if (/^must NOT have additional properties/.test(rule)) return 'The request has a field the server does not accept.';
  const segments = pathSegments.filter((s) => s && !/^\d+$/.test(s));
  const field = segments.length ? label(segments[segments.length - 1]) : 'The request';
  const what = problem(rule);
  return what ? `${field} ${what}.` : `${field} is not valid.`;
}
