// The config studio API (issue 17): versions of a product config in the database, checked by the server with the
// same checks as `npm run config:check`. One PGlite for this file, like api.test.ts.
import { describe, expect, it } from 'vitest';
import { mergeConfigFiles, type ReviewConfigFile } from '../../src/engine/config.ts';
import { car } from '../../src/products/car.ts';
import { ADMIN, DB_KINDS, REVIEWER, useHarness } from './support/harness.ts';

const ANALYST = 'analyst@qc.example';
const BASE = '/api/v2/config-studio/products';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function carConfig(): Json {
  return structuredClone(mergeConfigFiles(Object.values(car.files) as ReviewConfigFile[])) as Json;
}

/** The car config where '3rd Party' also shows the no-claim bonus, with its case changed to expect that. */
function thirdPartyKeepsBonus(): Json {
  const c = carConfig();
  c.rules.find((r: Json) => r.id === 'insurance.ncb').when.in[1].push('3rd Party');
  // The percent row follows its parent (visibility cascades), shown for the case's 'Yes'.
  c.cases[0].expect.rows.noClaimBonus.isVisible = true;
  c.cases[0].expect.rows.noClaimBonusPercentage.isVisible = true;
  return c;
}

describe.each(DB_KINDS)('config studio API on %s', (kind) => {
  const h = useHarness(kind);
  const call = async (method: 'GET' | 'POST', url: string, body?: unknown, email = ANALYST) =>
    h.call(method, url, { token: await h.token(email), query: { utm_source: 'qc' }, body });

  it('lists the products, with no version before the first save (the JSON in src/config is active)', async () => {
    await h.reset(4);
    const res = await call('GET', BASE);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().detail.map((p: Json) => p.id)).toEqual(['car', 'bike', 'refurbishment', 'gs-unflagging']);
    expect(res.json().detail[0]).toEqual({ id: 'car', name: 'Car', activeVersion: null, versions: 0 });
    const active = await call('GET', `${BASE}/car/active`);
    expect(active.json().detail).toEqual({ id: null, config: carConfig() });
  });

  it('saves a config that passes every check as the active version, keeping the seed as version one', async () => {
    await h.reset(4);
    const res = await call('POST', `${BASE}/car/versions`, { config: thirdPartyKeepsBonus(), message: '3rd Party keeps the no-claim bonus' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().detail).toMatchObject({ id: 2, product: 'car', message: '3rd Party keeps the no-claim bonus', author: ANALYST, authorName: 'Anita Analyst', active: true });
    const list = (await call('GET', `${BASE}/car/versions`)).json().detail;
    expect(list.map((v: Json) => [v.id, v.active, v.author])).toEqual([[2, true, ANALYST], [1, false, 'seed']]);
    expect((await call('GET', `${BASE}/car/active`)).json().detail.config).toEqual(thirdPartyKeepsBonus());
    expect((await call('GET', `${BASE}/car/versions/1`)).json().detail.config).toEqual(carConfig());
    const audit = await h.db().query('SELECT actor, after_status FROM audit_log WHERE action = $1', ['config-version-save']);
    expect(audit.rows).toEqual([{ actor: ANALYST, after_status: '2' }]);
  });

  it("a saved version reads back with its keys in the order the analyst saved them (jsonb sorted them), so the editor's text and diffs keep them", async () => {
    await h.reset(4);
    // A rule written `when` first and `id` last, and rows and constants as the files have them (jsonb puts `id`, `key` first).
    const sent = thirdPartyKeepsBonus();
    sent.rules = sent.rules.map((r: Json) => Object.fromEntries(Object.entries(r).reverse()));
    const saved = await call('POST', `${BASE}/car/versions`, { config: sent, message: 'keys in my order' });
    expect(saved.statusCode, saved.body).toBe(200);
    const text = JSON.stringify(sent);
    expect(JSON.stringify((await call('GET', `${BASE}/car/versions/${saved.json().detail.id}`)).json().detail.config)).toBe(text);
    expect(JSON.stringify((await call('GET', `${BASE}/car/active`)).json().detail.config)).toBe(text);
    expect(JSON.stringify((await call('GET', '/api/v2/review-config/car', undefined, REVIEWER)).json().detail.config)).toBe(text);
  });

  it('refuses with 422 and the reasons a schema error, an unknown row and a failing case; nothing is stored', async () => {
    await h.reset(4);
    const schemaError = carConfig();
    schemaError.rules[0].effect = 'vanish';
    const unknownRow = carConfig();
    unknownRow.rules.find((r: Json) => r.id === 'insurance.ncb').target = 'noClaimBonuss';
    const failingCase = thirdPartyKeepsBonus();
    failingCase.cases[0].expect.rows.noClaimBonus.isVisible = false;
    const answers = await Promise.all([schemaError, unknownRow, failingCase].map((config) => call('POST', `${BASE}/car/versions`, { config, message: 'broken' })));
    expect(answers.map((a) => a.statusCode)).toEqual([422, 422, 422]);
    // Places in the document's own words (the rule's id), what is wrong in plain words: no validator text, no JSON pointer.
    expect(answers[0].json().reasons).toEqual(["Rule 'npdi.rc' › 'effect': must be one of show, hide, enable, disable, check, clear, invalid, note, flag, options, upload."]);
    expect(answers[1].json().reasons).toEqual(["Rule 'insurance.ncb' › 'target': unknown row 'noClaimBonuss'."]);
    expect(answers[2].json().reasons).toEqual([
      "Case 'Insurance 3rd Party keeps the expiry and drops the no-claim bonus' fails: row 'noClaimBonus'.isVisible: expected false, got true.",
    ]);
    for (const a of answers) expect(a.json().detail).not.toMatch(/\n\s+at /);
    // The studio's check call answers the same findings without storing anything.
    const checked = (await call('POST', `${BASE}/car/check`, { config: failingCase })).json().detail;
    expect(checked.problems).toEqual([]);
    expect(checked.cases.filter((c: Json) => c.problems.length).map((c: Json) => c.name)).toEqual(['Insurance 3rd Party keeps the expiry and drops the no-claim bonus']);
    expect((await call('POST', `${BASE}/car/check`, { config: schemaError })).json().detail.problems).toEqual([
      { path: '/rules/0/effect', message: 'must be one of show, hide, enable, disable, check, clear, invalid, note, flag, options, upload' },
    ]);
    expect((await h.db().query('SELECT count(*)::int AS n FROM config_versions')).rows[0]).toEqual({ n: 0 });
  });

  it("two rules with one id and a misspelt variable are refused by the check and the save, naming the id's both places and the variable", async () => {
    await h.reset(4);
    const twice = carConfig();
    const ncb = twice.rules.findIndex((r: Json) => r.id === 'insurance.ncb');
    twice.rules.push({ ...twice.rules[ncb] });
    const misspelt = carConfig();
    misspelt.rules[3].when = { '==': [{ var: 'insurenceType' }, 'Comprehensive'] };
    const [a, b] = await Promise.all([twice, misspelt].map(async (config) => (await call('POST', `${BASE}/car/check`, { config })).json().detail.problems));
    expect(a).toEqual([{ path: `/rules/${twice.rules.length - 1}/id`, message: `rules.${ncb} and rules.${twice.rules.length - 1} both have the id 'insurance.ncb': give each rule its own id` }]);
    expect(b).toEqual([{ path: '/rules/3/when', message: 'refers to "insurenceType", which is not a field of this product' }]);
    const saved = await call('POST', `${BASE}/car/versions`, { config: misspelt, message: 'typo' });
    expect(saved.statusCode).toBe(422);
    expect(saved.json().reasons).toEqual([`Rule '${misspelt.rules[3].id}' › 'when': refers to "insurenceType", which is not a field of this product.`]);
  });

  it('text the database cannot store (half of a surrogate pair, a NUL) is a 400 saying where, before any check; a config over the body limit a 413 with its size and the limit', async () => {
    await h.reset(4);
    const lone = carConfig();
    lone.rules[3].message = 'Fitment \ud800';
    const nul = carConfig();
    nul.rules[3].message = 'Fitment \u0000';
    for (const url of [`${BASE}/car/versions`, `${BASE}/car/check`]) {
      const res = await call('POST', url, { config: lone, message: 'lone' });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().detail).toBe('Message has half of a character (\\ud800, a UTF-16 surrogate with no other half), at config.rules.3.message: the server cannot store it.');
    }
    const refusedNul = await call('POST', `${BASE}/car/versions`, { config: nul, message: 'nul' });
    expect(refusedNul.json().detail).toBe('Message has a NUL character (\\u0000), at config.rules.3.message: the server cannot store it.');
    const big = carConfig();
    big.cases.push(...Array.from({ length: 6000 }, (_, i) => ({ name: `padding ${i}`.padEnd(200, '.'), expect: {} })));
    const tooLarge = await call('POST', `${BASE}/car/versions`, { config: big, message: 'big' });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().detail).toMatch(/^The request is too large: 1\.\d\d MB, and this call takes at most 1 MB\.$/);
    expect((await h.db().query('SELECT count(*)::int AS n FROM config_versions')).rows[0]).toEqual({ n: 0 });
  });

  it("the bike preview's financier row may read the financiers (it got 403), and nothing of a bike review's besides", async () => {
    await h.reset(4);
    const financiers = await call('GET', '/bike-api/api/financerListData');
    expect(financiers.statusCode, financiers.body).toBe(200);
    expect(financiers.json().detail).toEqual(expect.any(Array));
    const refused = await Promise.all([
      call('GET', '/bike-api/appointment'),
      call('POST', '/bike-api/appointment/1/qc/data', { appointmentId: '1' }),
      call('POST', '/bike-api/appointment/1/qc', { status: 'APPROVED' }),
    ]);
    expect(refused.map((r) => r.statusCode)).toEqual([403, 403, 403]);
  });

  it("a parent loop is a problem the check answers at once, not a server busy for good (the engine walked the loop)", async () => {
    await h.reset(4);
    const looped = carConfig();
    looped.rows.find((r: Json) => r.key === 'registrationState').parent = 'rtoCode';
    const checked = await call('POST', `${BASE}/car/check`, { config: looped });
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json().detail.problems).toEqual([expect.objectContaining({ message: expect.stringMatching(/each other's parents in a loop$/) })]);
    expect(checked.json().detail.problems[0].path).toMatch(/^\/rows\/\d+\/parent$/);
    const saved = await call('POST', `${BASE}/car/versions`, { config: looped, message: 'loop' });
    expect(saved.statusCode).toBe(422);
  });

  it('numbers that would fill every review with a huge list (a year range from -20000, a count of 30,000,000) are refused by the check, in plain words', async () => {
    await h.reset(4);
    const years = carConfig();
    years.constants.yearFrom = -20000;
    const counts = carConfig();
    counts.constants.countMax = 30_000_000;
    const [a, b] = await Promise.all([years, counts].map(async (config) => (await call('POST', `${BASE}/car/check`, { config })).json().detail.problems));
    expect(a).toEqual([{ path: '/constants/yearFrom', message: 'must be at least 1900' }]);
    expect(b).toEqual([{ path: '/constants/countMax', message: 'must be at most 100' }]);
  });

  it("a save over a version made active after the editor opened is refused (409), so one analyst's publish never drops another's", async () => {
    await h.reset(4);
    // Both opened the code's config (no version yet); the first save goes through.
    const first = await call('POST', `${BASE}/car/versions`, { config: thirdPartyKeepsBonus(), message: 'first', baseVersion: null });
    expect(first.statusCode, first.body).toBe(200);
    const second = await call('POST', `${BASE}/car/versions`, { config: carConfig(), message: 'second', baseVersion: null }, ADMIN);
    expect(second.statusCode).toBe(409);
    expect(second.json().detail).toBe(
      `Version ${first.json().detail.id} was made active by Anita Analyst after you opened this one, and yours would replace it. Your text is kept: look at what changed in the version list, then save again.`,
    );
    expect((await call('GET', `${BASE}/car/active`)).json().detail).toMatchObject({ id: first.json().detail.id, config: thirdPartyKeepsBonus() });
    // Over the version now active, it goes through.
    const second2 = await call('POST', `${BASE}/car/versions`, { config: carConfig(), message: 'second', baseVersion: first.json().detail.id }, ADMIN);
    expect(second2.statusCode).toBe(200);
    // An activation from a page that still showed the first as active is refused the same way; from one up to date it goes through.
    const stale = await call('POST', `${BASE}/car/versions/${first.json().detail.id}/activate`, { baseVersion: first.json().detail.id });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().detail).toBe(
      `Version ${second2.json().detail.id} was made active by Vikram Admin after you opened this one, and activating version ${first.json().detail.id} would replace it. Look at what changed in the version list first.`,
    );
    expect((await call('GET', `${BASE}/car/active`)).json().detail.id).toBe(second2.json().detail.id);
    expect((await call('POST', `${BASE}/car/versions/${first.json().detail.id}/activate`, { baseVersion: second2.json().detail.id })).statusCode).toBe(200);
  });

  it('rolls back by activating an earlier version', async () => {
    await h.reset(4);
    await call('POST', `${BASE}/car/versions`, { config: thirdPartyKeepsBonus(), message: 'change' });
    const res = await call('POST', `${BASE}/car/versions/1/activate`, undefined, ADMIN);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().detail).toMatchObject({ id: 1, active: true });
    expect((await call('GET', `${BASE}/car/active`)).json().detail).toEqual({ id: 1, config: carConfig() });
    expect((await call('GET', BASE)).json().detail[0]).toMatchObject({ activeVersion: 1, versions: 2 });
    expect((await call('POST', `${BASE}/car/versions/9/activate`)).statusCode).toBe(404);
  });

  it("gives reviews the active config with its version as ETag (304 when unchanged), and the preview the seeded inspections", async () => {
    await h.reset(4);
    const reviewer = await h.token(REVIEWER);
    const get = (etag?: string) =>
      h.app().inject({ method: 'GET', url: '/api/v2/review-config/car', query: { utm_source: 'qc' }, headers: { authorization: `Bearer ${reviewer}`, ...(etag ? { 'if-none-match': etag } : {}) } });
    const seed = await get();
    expect(seed.statusCode).toBe(200);
    expect(seed.json().detail).toEqual({ id: null, config: carConfig() });
    expect(seed.headers['cache-control']).toBe('private, no-cache');
    expect((await get(String(seed.headers.etag))).statusCode).toBe(304);
    await call('POST', `${BASE}/car/versions`, { config: thirdPartyKeepsBonus(), message: 'change' });
    const saved = await get(String(seed.headers.etag));
    expect(saved.statusCode).toBe(200);
    expect(saved.json().detail).toEqual({ id: 2, config: thirdPartyKeepsBonus() });
    expect(saved.headers.etag).toBe('"config-car-2"');
    // The analyst has no review screen; 'other' opens only the version list.
    expect((await call('GET', '/api/v2/review-config/car')).statusCode).toBe(403);
    expect((await call('GET', '/api/v2/review-config/car', undefined, 'other@qc.example')).statusCode).toBe(403);
    expect((await call('GET', '/api/v2/review-config/bike', undefined, 'bike.qc@qc.example')).statusCode).toBe(200);

    const samples = (await call('GET', `${BASE}/car/samples`)).json().detail;
    expect(samples.length).toBeGreaterThan(0);
    const one = await call('GET', `${BASE}/car/samples/${samples[0].carId}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().detail).toMatchObject({ carId: samples[0].carId, appointmentId: samples[0].appointmentId });
    expect((await call('GET', `${BASE}/bike/samples`)).json().detail).toEqual([]);
    expect((await call('GET', `${BASE}/car/samples/${samples[0].carId}`, undefined, REVIEWER)).statusCode).toBe(403);
  });

  it('is for the analyst and the QC admin only; bad input is a 4xx', async () => {
    await h.reset(4);
    expect((await call('GET', BASE, undefined, REVIEWER)).statusCode).toBe(403);
    expect((await h.call('GET', BASE)).statusCode).toBe(401);
    expect((await call('GET', BASE, undefined, ADMIN)).statusCode).toBe(200);
    expect((await call('GET', `${BASE}/plane/versions`)).statusCode).toBe(404);
    expect((await call('GET', `${BASE}/__proto__/versions`)).statusCode).toBe(400);
    expect((await call('POST', `${BASE}/car/versions`, { config: carConfig(), message: '  ' })).statusCode).toBe(400);
    expect((await call('POST', `${BASE}/car/versions`, { config: carConfig() })).statusCode).toBe(400);
    expect((await call('POST', `${BASE}/car/versions`, { config: carConfig(), message: 'x', extra: 1 })).statusCode).toBe(400);
  });
});
