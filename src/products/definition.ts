/**
 * What a product contributes to the registry. Two kinds:
 * - `review`: a row-based review config (rows, rules, validations, outcomes…) run by the engine's form model; its
 *   schema extends review-config.schema.json and the registry builds an engine for it.
 * - `rules`: a product whose flow is not a row form (e.g. refurbishment suggestions): config files checked by the
 *   product's own schema, plus the engine's load-time check of any `outcomes` they declare.
 */
export type ProductDefinition =
  | {
      kind: 'review';
      /** Product id, as screens name it (`<ProductProvider product="car">`) and as its config declares it. */
      id: string;
      /** Folder under src/config holding the files (every .json but schemas must be listed in `files`). */
      folder: string;
      /** The product's JSON Schema (src/config/<folder>/schema.json), extending review-config.schema.json. */
      schema: object;
      /** The config files by name, in merge order. */
      files: Readonly<Record<string, unknown>>;
    }
  | { kind: 'rules'; id: string; folder: string; schema: object; files: Readonly<Record<string, unknown>> };

/** Files of a product folder that are schemas, not config. */
export function isSchemaFile(name: string): boolean {
  return name === 'schema.json' || name.endsWith('.schema.json');
}
