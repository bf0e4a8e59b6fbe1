// `npm run config:check`: for every product of the registry (src/products/registry.ts), checks each config file of
// its folder under src/config against the product's JSON Schema and the engine's semantic rules, then runs the cases
// the files carry. A folder under src/config that no product claims, or a file a product does not merge, is an
// error too. Prints one line per failure and exits non-zero on any.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError } from '../src/engine/config.ts';
import { checkConfigFile, checkRulesFile, loadProductConfig } from '../src/engine/config-schema.ts';
import { isSchemaFile, type ProductDefinition } from '../src/products/definition.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'config');
/** Parses and schema-checks every file on disk before anything builds them, so a malformed file is one clear line. */
function readFiles(dir: string, names: readonly string[], schema: object): Record<string, unknown> | null {
  const files: Record<string, unknown> = {};
  for (const name of names) {
    try {
      files[name] = checkConfigFile(JSON.parse(readFileSync(join(dir, name), 'utf8')), `${name}#`, schema);
    } catch (e) {
      console.error(`config:check: ${e instanceof ConfigError ? e.message : `${name}: not valid JSON: ${(e as Error).message}`}`);
      return null;
    }
  }
  return files;
}

async function checkProduct(product: ProductDefinition, modules: { cases: typeof import('../src/engine/cases.ts'); model: typeof import('../src/engine/model.ts') }): Promise<number> {
  const dir = join(root, product.folder);
  const onDisk = readdirSync(dir).filter((f) => f.endsWith('.json') && !isSchemaFile(f)).sort();
  // The files as read from disk (not the imported copies), so a file added to the folder but not merged is caught.
  const missing = onDisk.filter((f) => !(f in product.files));
  if (missing.length) {
    console.error(`config:check: ${product.id}: ${missing.join(', ')} not merged by its product definition (src/products/)`);
    return 1;
  }
  if (product.kind === 'rules') {
    for (const name of onDisk) {
      try {
        checkRulesFile(JSON.parse(readFileSync(join(dir, name), 'utf8')), product.schema, `${name}#`);
      } catch (e) {
        console.error(`config:check: ${product.id}: ${e instanceof ConfigError ? e.message : `${name}: not valid JSON: ${(e as Error).message}`}`);
        return 1;
      }
    }
    console.log(`config:check: ${product.id}: ${onDisk.length} rules file(s) pass their schema and outcome checks`);
    return 0;
  }
  const files = readFiles(dir, onDisk, product.schema);
  if (!files) return 1;
  const ordered = Object.fromEntries(Object.keys(product.files).map((name) => [name, files[name]]));
  let config;
  try {
    config = loadProductConfig(ordered, product.schema);
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(`config:check: ${product.id}: ${e.message}`);
      return 1;
    }
    throw e;
  }
  const engine = modules.model.createEngine(config);
  let failed = 0;
  for (const c of config.cases) {
    const problems = modules.cases.runCase(engine, c, config);
    if (problems.length) {
      failed++;
      console.error(`FAIL ${product.id}: ${c.name}`);
      for (const p of problems) console.error(`  ${p}`);
    } else {
      console.log(`ok   ${product.id}: ${c.name}`);
    }
  }
  console.log(
    `config:check: ${product.id}: ${config.rows.length} rows, ${config.rules.length} rules, ${config.validations.length} validations, ` +
      `${config.registry.length} registry comparisons, ${Object.keys(config.outcomes).length} outcomes; ${config.cases.length - failed} cases passed, ${failed} failed`,
  );
  return failed ? 1 : 0;
}

async function main(): Promise<number> {
  // The registry imports every product's files: a broken file must come out as one clear line, not a stack.
  let registry: typeof import('../src/products/registry.ts');
  let cases: typeof import('../src/engine/cases.ts');
  let model: typeof import('../src/engine/model.ts');
  try {
    registry = await import('../src/products/registry.ts');
    cases = await import('../src/engine/cases.ts');
    model = await import('../src/engine/model.ts');
  } catch (e) {
    console.error(`config:check: ${e instanceof ConfigError ? e.message : String(e)}`);
    return 1;
  }
  const products = [...registry.PRODUCTS.values()];
  const claimed = new Set(products.map((p) => p.folder));
  const unclaimed = readdirSync(root).filter((f) => statSync(join(root, f)).isDirectory() && !claimed.has(f));
  if (unclaimed.length) {
    console.error(`config:check: src/config/${unclaimed.join(', src/config/')} belongs to no product of src/products/registry.ts`);
    return 1;
  }
  let failures = 0;
  for (const product of products) {
    failures += await checkProduct(product, { cases, model });
    const extra = EXTRA_CHECKS.get(product.id);
    if (extra) failures += await extra();
  }
  return failures ? 1 : 0;
}

/** The GS unflagging rules (src/config/gs-unflagging/unflag.json): schema, outcome lists, and the cases they carry. */
async function checkGs(): Promise<number> {
  const { loadUnflagConfig } = await import('../src/products/gs-unflagging/unflag-config.ts');
  const { actionOutcome } = await import('../src/products/gs-unflagging/unflag.ts');
  const { evaluateOutcome } = await import('../src/engine/outcome.ts');
  const file = join(root, 'gs-unflagging', 'unflag.json');
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
  const { loadRefurbishmentConfig, runRefurbishmentCases } = await import('../src/products/refurbishment/refurbishment-config.ts');
  let config;
  try {
    config = loadRefurbishmentConfig(JSON.parse(readFileSync(join(root, 'refurbishment', 'refurbishment.json'), 'utf8')));
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

/** Checks a rules product carries beyond its schema and outcome lists (the cases its own runner knows), by product id. */
const EXTRA_CHECKS = new Map<string, () => Promise<number>>([
  ['gs-unflagging', checkGs],
  ['refurbishment', checkRefurbishment],
]);

// Every product is checked, so one broken config does not hide another's problems.
process.exitCode = await main();
