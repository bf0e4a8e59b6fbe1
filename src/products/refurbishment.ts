/** The GS refurbishment review (spec 001): one rules config checked by its own schema (not a row form). */
import config from '../config/refurbishment/refurbishment.json' with { type: 'json' };
import schema from '../config/refurbishment/refurbishment.schema.json' with { type: 'json' };
import type { ProductDefinition } from './definition.ts';

export const refurbishment: ProductDefinition = {
  kind: 'rules',
  id: 'refurbishment',
  folder: 'refurbishment',
  schema,
  files: { 'refurbishment.json': config },
};
