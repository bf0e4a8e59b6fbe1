import { describe, expect, it } from 'vitest';
import { carEngine, carReviewConfig } from '../support/car.ts';
import type { RegistryConfig, ReviewConfigFile, RowConfig } from '../../src/engine/config.ts';
import { loadConfig } from '../../src/engine/config-schema.ts';
import { generateInspection } from '../../src/engine/generate.ts';
import { createEngine } from '../../src/engine/model.ts';
import { compileRegistryCompare } from '../../src/engine/registry-compare.ts';
import type { EvalContext } from '../../src/engine/types.ts';

// Issue 10 'Rule authoring gets easier for analysts': clearWhenHidden, visibility cascading from parent to child,
// one-line registry comparisons, and the rules that moved from model.ts into config (declared context, newValueAs).

const product = { id: 'mini', name: 'Mini', tabs: ['Documents'], sections: ['carDetails'], statuses: ['new', 'done'], widgets: ['select' as const, 'text' as const] };
const row = (key: string, extra: Partial<RowConfig> = {}): RowConfig => ({ key, text: key, section: 'carDetails', tab: 'Documents', mapper: 'documents', path: [key], input: { type: 'select', options: ['Yes', 'No'] }, ...extra });
const options = { today: '01-06-2026' };

/** A → B → C: B shows for A Yes; C shows for B Yes. */
function chain(extra: { b?: Partial<RowConfig>; c?: Partial<RowConfig> } = {}) {
  const file: ReviewConfigFile = {
    product,
    rows: [row('a'), row('b', { parent: 'a', hidden: true, ...extra.b }), row('c', { parent: 'b', hidden: true, ...extra.c })],
    rules: [
      { id: 'b.show', target: 'b', effect: 'show', when: { '==': [{ var: 'a' }, 'Yes'] } },
      { id: 'c.show', target: 'c', effect: 'show', when: { '==': [{ var: 'b' }, 'Yes'] } },
    ],
  };
  const config = loadConfig(file);
  const engine = createEngine(config);
  const model = engine.evaluate(generateInspection(config, { values: { a: 'Yes', b: 'Yes', c: 'Yes' } }), [], null, options);
  return { engine, model };
}

describe('visibility cascades from parent to child', () => {
  it('hides a child and a grandchild whose own rules still hold when the parent is hidden', () => {
    const { engine, model } = chain();
    expect([model.rows.b.isVisible, model.rows.c.isVisible]).toEqual([true, true]);
    const hidden = engine.apply(model, { type: 'setValue', key: 'a', value: 'No' });
    // c's rule (b is Yes) still holds: only the cascade hides it.
    expect([hidden.rows.b.isVisible, hidden.rows.c.isVisible]).toEqual([false, false]);
    expect(engine.apply(hidden, { type: 'setValue', key: 'a', value: 'Yes' }).rows.c.isVisible).toBe(true);
  });

  it('gives the same rows incrementally as a full evaluation', () => {
    const { engine, model } = chain();
    const edited = engine.apply(model, { type: 'setValue', key: 'a', value: 'No' });
    const inspection = generateInspection(engine.config, { values: { a: 'Yes', b: 'Yes', c: 'Yes' } });
    expect(edited.rows).toEqual(engine.evaluate(inspection, edited.edits, null, options).rows);
  });

  it('car: hypothecation No hides the bank NOC expiry date even with bank NOC status Yes', () => {
    const inspection = generateInspection(carReviewConfig, { values: { isUnderHypothecation: 'Yes', bankNocStatus: 'Yes' } });
    const model = carEngine.evaluate(inspection, [], null, options);
    expect(model.rows.bankNocExpiryDate.isVisible).toBe(true);
    const after = carEngine.apply(model, { type: 'setValue', key: 'isUnderHypothecation', value: 'No' });
    expect(after.rows.bankNocStatus.isVisible).toBe(false);
    expect(after.rows.bankNocExpiryDate.isVisible).toBe(false);
  });
});

describe('clearWhenHidden', () => {
  it("drops a hidden row's new value, and only on rows that declare it", () => {
    for (const declared of [true, false]) {
      const { engine, model } = chain({ b: { clearWhenHidden: declared } });
      const edited = engine.apply(model, { type: 'setValue', key: 'b', value: 'No' });
      expect(edited.rows.b.newValue).toBe('No');
      const hidden = engine.apply(edited, { type: 'setValue', key: 'a', value: 'No' });
      expect(hidden.rows.b.newValue).toBe(declared ? null : 'No');
    }
  });

  it('clears a grandchild hidden only by the cascade', () => {
    const { engine, model } = chain({ c: { clearWhenHidden: true } });
    const edited = engine.apply(model, { type: 'setValue', key: 'c', value: 'No' });
    expect(engine.apply(edited, { type: 'setValue', key: 'a', value: 'No' }).rows.c.newValue).toBeNull();
  });

  it('car: 3rd Party drops the no-claim bonus and its percentage the reviewer entered (no clear rules left for them)', () => {
    expect(carReviewConfig.rules.filter((r) => r.effect === 'clear' && [r.target].flat().some((t) => t.startsWith('noClaimBonus')))).toEqual([]);
    const inspection = generateInspection(carReviewConfig, { values: { insuranceType: 'Comprehensive', noClaimBonus: 'Yes' } });
    let model = carEngine.evaluate(inspection, [], null, options);
    model = carEngine.apply(model, { type: 'setValue', key: 'noClaimBonusPercentage', value: '35' });
    expect(model.rows.noClaimBonusPercentage).toMatchObject({ isVisible: true, newValue: '35' });
    model = carEngine.apply(model, { type: 'setValue', key: 'insuranceType', value: '3rd Party' });
    expect(model.rows.noClaimBonus).toMatchObject({ isVisible: false, newValue: null });
    expect(model.rows.noClaimBonusPercentage).toMatchObject({ isVisible: false, newValue: null });
  });
});

describe('registry comparisons, one per line', () => {
  const ctx = { today: '01-06-2026' } as EvalContext;
  const compare = (rc: Omit<RegistryConfig, 'row'>) => compileRegistryCompare({ row: 'x', ...rc });

  it('every car comparison is written on one line of registry.json', async () => {
    const { readFile } = await import('node:fs/promises');
    const lines = (await readFile('src/config/car/registry.json', 'utf8')).split('\n').filter((l) => l.includes('"row":'));
    expect(lines).toHaveLength(carReviewConfig.registry.length);
    for (const l of lines) expect(() => JSON.parse(l.trim().replace(/,$/, ''))).not.toThrow();
  });

  it('defaults: eqi against each source, the first source with a value shown, the record names as data source', () => {
    const c = compare({ sources: ['parivahan1.engineNumber', 'vahanWebsite.engineNumber'] });
    expect(c('e2', { parivahan1: { engineNumber: 'E1' }, vahanWebsite: { engineNumber: ' e2 ' } }, ctx)).toEqual({ registryValue: 'E1', flag: 'yes', dataSource: 'parivahan1 / vahanWebsite' });
    expect(c('E3', { parivahan1: { engineNumber: 'E1' } }, ctx).flag).toBe('no');
    expect(c('E3', { parivahan1: { engineNumber: '' } }, ctx)).toEqual({ registryValue: null, flag: 'info', dataSource: 'parivahan1 / vahanWebsite' });
  });

  it('sms: shown and compared, but not shown as the registry value', () => {
    const c = compare({ sources: ['parivahan1.registrationNumber'], sms: 'parseSms.registrationNumber' });
    expect(c('MH01', { parseSms: { registrationNumber: 'mh01' } }, ctx)).toEqual({ registryValue: null, smsValue: 'mh01', flag: 'yes', dataSource: 'parivahan1 / sms' });
  });

  it("present: record counts a record without the field (an absent financier is 'No')", () => {
    const rc = { sources: ['parivahan1.financier'], registryValue: { if: [{ isEmpty: { var: 'source' } }, 'No', 'Yes'] }, match: { '==': [{ var: 'value' }, { var: 'registryValue' }] } };
    expect(compare({ ...rc, present: 'record' })('No', { parivahan1: {} }, ctx)).toMatchObject({ registryValue: 'No', flag: 'yes' });
    expect(compare(rc)('No', { parivahan1: {} }, ctx)).toMatchObject({ registryValue: null, flag: 'info' });
  });

  it('info: never yes or no', () => {
    expect(compare({ sources: ['parivahan1.ownerName'], info: true })('A', { parivahan1: { ownerName: 'B' } }, ctx)).toMatchObject({ registryValue: 'B', flag: 'info' });
  });

  it('never reads inherited keys of the registry data', () => {
    expect(compare({ sources: ['parivahan1.constructor'] })('x', { parivahan1: {} }, ctx).flag).toBe('info');
  });
});

describe('rules moved from model.ts into config', () => {
  it('the registry insurance expiry precedence is declared by the car config: inspection vahanData, then vahanWebsite, then parivahan', () => {
    expect(carReviewConfig.context.registryInsuranceExpiry).toBeDefined();
    const registry = { vahanWebsite: { insuranceExpiry: '02-02-2027' }, parivahan1: { insuranceExpiry: '03-03-2027' } };
    const expiry = (inspection: Record<string, unknown>, reg: typeof registry | Record<string, unknown> | null) =>
      carEngine.evaluate(generateInspection(carReviewConfig, { inspection }), [], reg as never, options).context!.registryInsuranceExpiry;
    expect(expiry({ vahanData: { insuranceExpiry: '01-01-2027' } }, registry)).toBe('01-01-2027');
    expect(expiry({}, registry)).toBe('02-02-2027');
    expect(expiry({}, { parivahan1: registry.parivahan1 })).toBe('03-03-2027');
    expect(expiry({}, null)).toBeNull();
  });

  it('a product declares its own context values, read by its rules', () => {
    const config = loadConfig({
      product,
      rows: [row('a')],
      context: { $comment: 'not a value', lastOwner: { var: 'registry.parivahan1.ownerName' } },
      rules: [{ target: 'a', effect: 'note', message: 'Owner {{ctx.lastOwner}}', when: { '!!': { var: 'ctx.lastOwner' } } }],
    });
    const model = createEngine(config).evaluate(generateInspection(config), [], { parivahan1: { ownerName: 'Asha' } }, options);
    expect(model.context).not.toHaveProperty('$comment');
    expect(model.rows.a.notes).toEqual(['Owner Asha']);
  });

  it('newValueAs: the RTO row reports newRtoCode because its config says so, other lookup rows do not', () => {
    const lookup = { type: 'select' as const, lookup: 'rto' };
    const config = loadConfig({ product, rows: [row('rto', { input: lookup, newValueAs: 'newRtoCode' }), row('other', { input: lookup })] });
    const engine = createEngine(config);
    let model = engine.evaluate(generateInspection(config), [], null, options);
    model = engine.apply(engine.apply(model, { type: 'setValue', key: 'rto', value: 'KA01' }), { type: 'setValue', key: 'other', value: 'KA02' });
    expect(model.rows.rto.newRtoCode).toBe('KA01');
    expect(model.rows.other.newRtoCode).toBeUndefined();
  });
});
