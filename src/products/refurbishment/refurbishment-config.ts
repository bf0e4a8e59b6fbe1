/**
 * Loading the GS refurbishment config from untrusted JSON (ajv against refurbishment.schema.json, then the rules'
 * semantic checks: known json-logic operators, an outcome list ending with the default). `npm run config:check`,
 * server start and tests; kept out of the browser bundle.
 */
import schema from '../../config/refurbishment/refurbishment.schema.json' with { type: 'json' };
import type configJson from '../../config/refurbishment/refurbishment.json';
import { ConfigError } from '../../engine/config.ts';
import { createConfigAjv, schemaError } from '../../engine/config-schema.ts';
import { checkLogic } from '../../engine/logic.ts';
import { checkOutcomeRules, evaluateOutcome, type OutcomeRule } from '../../engine/outcome.ts';

export type RefurbishmentConfig = typeof configJson;

const validate = createConfigAjv().compile<RefurbishmentConfig>(schema);

export function loadRefurbishmentConfig(json: unknown, where = 'refurbishment/refurbishment.json#'): RefurbishmentConfig {
  if (!validate(json)) throw schemaError(validate.errors?.[0], where);
  for (const [name, rule] of Object.entries(json.rules)) {
    if (name === '$comment') continue;
    const problem = checkLogic(rule, `${where}/rules/${name}`);
    if (problem) throw new ConfigError(problem[0], problem[1]);
  }
  const problem = checkOutcomeRules(json.outcomes.submission as OutcomeRule[], `${where}/outcomes/submission`);
  if (problem) throw new ConfigError(problem[0], problem[1]);
  return json;
}

/** The config's own cases: each names facts and the outcome expected; answers one line per mismatch. */
export function runRefurbishmentCases(config: RefurbishmentConfig): { name: string; problems: string[] }[] {
  return config.cases.map((c) => {
    const got: Record<string, unknown> = evaluateOutcome(config.outcomes.submission as OutcomeRule[], c.facts);
    const problems = Object.entries(c.expect)
      .filter(([key, value]) => got[key] !== value)
      .map(([key, value]) => `${key}: expected ${JSON.stringify(value)}, got ${JSON.stringify(got[key])}`);
    return { name: c.name, problems };
  });
}
