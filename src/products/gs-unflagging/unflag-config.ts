/**
 * Loading the GS unflagging config from untrusted JSON (ajv against unflag.schema.json, then the outcome lists'
 * semantic checks). Server start, `npm run config:check` and tests; kept out of the browser bundle.
 */
import schema from '../../config/gs-unflagging/unflag.schema.json' with { type: 'json' };
import { ConfigError } from '../../engine/config.ts';
import { createConfigAjv } from '../../engine/config-schema.ts';
import { checkOutcomeRules } from '../../engine/outcome.ts';
import type { UnflagConfig } from './unflag.ts';

const validate = createConfigAjv().compile<UnflagConfig>(schema);

export function loadUnflagConfig(json: unknown, where = 'gs-unflagging/unflag.json#'): UnflagConfig {
  if (!validate(json)) {
    const e = validate.errors?.[0];
    throw new ConfigError(`${where}${e?.instancePath ?? ''}`, e?.message ?? 'invalid');
  }
  for (const list of ['flagType', 'listType', 'actionLabels', 'outcomes'] as const) {
    const problem = checkOutcomeRules(json[list], `${where}/${list}`);
    if (problem) throw new ConfigError(problem[0], problem[1]);
  }
  return json;
}
