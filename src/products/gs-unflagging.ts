/** The GS unflagging review (spec 002): one rules config checked by its own schema (not a row form). */
import config from '../config/gs-unflagging/unflag.json' with { type: 'json' };
import schema from '../config/gs-unflagging/unflag.schema.json' with { type: 'json' };
import type { ProductDefinition } from './definition.ts';

export const gsUnflagging: ProductDefinition = {
  kind: 'rules',
  id: 'gs-unflagging',
  folder: 'gs-unflagging',
  schema,
  files: { 'unflag.json': config },
};
