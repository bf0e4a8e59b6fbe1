/**
 * What a refusal must never show a user (issue 11, DESIGN 'never show raw server or schema text'): the schema
 * validator's phrasing and its data paths. server/errors.ts turns them into sentences naming the field.
 */
export const RAW_SCHEMA_TEXT =
  /must (?:match (?:pattern|format|a schema|exactly)|have required property|NOT have|be equal to|pass "|be (?:integer|string|number|boolean|array|object|null)\b|be [<>]=?)|property name must be valid|(?:^|[\s"'(])(?:body|querystring|params|headers)\/|(?:^|["'])(?:body|querystring|params|headers) must|#\/(?:properties|definitions)|instancePath|Unexpected token|in JSON at position/;

/** The raw schema text in a 4xx answer's body, or null when it reads plainly (other statuses: null). */
export function rawSchemaText(statusCode: number, body: string): string | null {
  if (statusCode < 400 || statusCode >= 500) return null;
  return body.match(RAW_SCHEMA_TEXT)?.[0] ?? null;
}
