// `npm run config:check`: checks every car config file against the JSON Schema and the engine's semantic rules,
// then runs the cases the config files carry. Prints one line per failure and exits non-zero on any.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError } from '../src/engine/config.ts';
import { checkConfigFile, loadCarConfig } from '../src/engine/config-schema.ts';

const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'config', 'car');

/** Parses and schema-checks every file on disk before anything builds them, so a malformed file is one clear line. */
function readFiles(names: readonly string[]): Record<string, unknown> | null {
  const files: Record<string, unknown> = {};
  for (const name of names) {
    try {
      files[name] = checkConfigFile(JSON.parse(readFileSync(join(dir, name), 'utf8')), `${name}#`);
    } catch (e) {
      console.error(`config:check: ${e instanceof ConfigError ? e.message : `${name}: not valid JSON: ${(e as Error).message}`}`);
      return null;
    }
  }
  return files;
}

async function main(): Promise<number> {
  const onDisk = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
  const files = readFiles(onDisk);
  if (!files) return 1;
  // car-config.ts builds the config when imported: a broken file must come out as one clear line, not a stack.
  let carConfig: typeof import('../src/engine/car-config.ts');
  let cases: typeof import('../src/engine/cases.ts');
  let model: typeof import('../src/engine/model.ts');
  try {
    carConfig = await import('../src/engine/car-config.ts');
    cases = await import('../src/engine/cases.ts');
    model = await import('../src/engine/model.ts');
  } catch (e) {
    console.error(`config:check: ${e instanceof ConfigError ? e.message : String(e)}`);
    return 1;
  }
  const { CAR_CONFIG_FILES } = carConfig;
  // The files as read from disk (not the imported copies), so a file added to the folder but not to car-config.ts is caught.
  const missing = onDisk.filter((f) => !(f in CAR_CONFIG_FILES));
  if (missing.length) {
    console.error(`config:check: ${missing.join(', ')} not merged by src/engine/car-config.ts`);
    return 1;
  }
  const ordered = Object.fromEntries(Object.keys(CAR_CONFIG_FILES).map((name) => [name, files[name]]));
  let config;
  try {
    config = loadCarConfig(ordered);
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(`config:check: ${e.message}`);
      return 1;
    }
    throw e;
  }
  const engine = model.createEngine(config);
  let failed = 0;
  for (const c of config.cases) {
    const problems = cases.runCase(engine, c, config);
    if (problems.length) {
      failed++;
      console.error(`FAIL ${c.name}`);
      for (const p of problems) console.error(`  ${p}`);
    } else {
      console.log(`ok   ${c.name}`);
    }
  }
  console.log(`config:check: ${config.rows.length} rows, ${config.rules.length} rules, ${config.validations.length} validations, ${config.registry.length} registry comparisons; ${config.cases.length - failed} cases passed, ${failed} failed`);
  return failed ? 1 : 0;
}

/** The GS unflagging rules (src/config/gs-unflagging/unflag.json): schema, outcome lists, and the cases they carry. */
async function checkGs(): Promise<number> {
  const { loadUnflagConfig } = await import('../src/engine/unflag-config.ts');
  const { actionOutcome } = await import('../src/engine/unflag.ts');
  const { evaluateOutcome } = await import('../src/engine/outcome.ts');
  const file = join(dir, '..', 'gs-unflagging', 'unflag.json');
  let config;
  try {
    config = loadUnflagConfig(JSON.parse(readFileSync(file, 'utf8')));
  } catch (e) {
    console.error(`config:check: ${e instanceof ConfigError ? e.message : `gs-unflagging/unflag.json: ${(e as Error).message}`}`);
    return 1;
  }
  let failed = 0;
  for (const c of config.cases) {
    const { action, ...facts } = c.facts;
    // Expectations name the rule's own fields (keepFlag …) or the resolved outcome's (conditionFlag after keepFlag).
    const got: Record<string, unknown> = { ...evaluateOutcome(config.outcomes, c.facts), ...actionOutcome(config, action, facts) };
    const problems = Object.entries(c.expect).filter(([key, value]) => got[key] !== value).map(([key, value]) => `${key}: expected ${JSON.stringify(value)}, got ${JSON.stringify(got[key])}`);
    if (problems.length) {
      failed++;
      console.error(`FAIL gs-unflagging: ${c.name}`);
      for (const p of problems) console.error(`  ${p}`);
    } else console.log(`ok   gs-unflagging: ${c.name}`);
  }
  console.log(`config:check: gs-unflagging ${config.outcomes.length} outcome rules; ${config.cases.length - failed} cases passed, ${failed} failed`);
  return failed ? 1 : 0;
}

/** The GS refurbishment rules (src/config/refurbishment/refurbishment.json): schema, rules, and the cases they carry. */
async function checkRefurbishment(): Promise<number> {
  const { loadRefurbishmentConfig, runRefurbishmentCases } = await import('../src/engine/refurbishment-config.ts');
  let config;
  try {
    config = loadRefurbishmentConfig(JSON.parse(readFileSync(join(dir, '..', 'refurbishment', 'refurbishment.json'), 'utf8')));
  } catch (e) {
    console.error(`config:check: ${e instanceof ConfigError ? e.message : `refurbishment/refurbishment.json: ${(e as Error).message}`}`);
    return 1;
  }
  const results = runRefurbishmentCases(config);
  for (const { name, problems } of results) {
    if (!problems.length) console.log(`ok   refurbishment: ${name}`);
    else console.error(`FAIL refurbishment: ${name}\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
  const failed = results.filter((r) => r.problems.length).length;
  console.log(`config:check: refurbishment ${config.outcomes.submission.length} outcome rules; ${results.length - failed} cases passed, ${failed} failed`);
  return failed ? 1 : 0;
}

// Every product is checked, so one broken config does not hide another's problems.
const results = [await main(), await checkGs(), await checkRefurbishment()];
process.exitCode = results.some(Boolean) ? 1 : 0;
