/**
 * Loading the GS unflagging config from untrusted JSON (ajv against unflag.schema.json, then the outcome lists'
 * semantic checks). Server start, `npm run config:check` and tests; kept out of the browser bundle.
 */
import schema from '../../config/gs-unflagging/unflag.schema.json' with { type: 'json' };
import { ConfigError } from '../../engine/config.ts';
import { createConfigAjv, schemaError } from '../../engine/config-schema.ts';
import { checkOutcomeRules } from '../../engine/outcome.ts';
import type { UnflagConfig } from './unflag.ts';

const validate = createConfigAjv().compile<UnflagConfig>(schema);

export function loadUnflagConfig(json: unknown, where = 'gs-unflagging/unflag.json#'): UnflagConfig {
  if (!validate(json)) throw schemaError(validate.errors?.[0], where);
  for (const list of ['flagType', 'listType', 'actionLabels', 'outcomes'] as const) {
    const problem = checkOutcomeRules(json[list], `${where}/${list}`);
    if (problem) throw new ConfigError(problem[0], problem[1]);
  }
  return json;
}
