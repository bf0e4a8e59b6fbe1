import { existsSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { uploadPath } from '../../../server/forms.ts';
import { seedAdminTools, seedVariantCatalogue } from '../../../server/seed/variants.ts';
import { auditCount, PNG, postForm } from '../support/extras.ts';
import { REVIEWER, type Harness } from '../support/harness.ts';

const VERSION_PDF = 'version.pdf@qc.example';
const VERSION_ONLY = 'qc.version@qc.example';
const OTHER = 'other@qc.example';
const WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');

/** Truncates and reseeds users, lookups, a few inspections and the variant catalogue and admin tools. */
export async function resetCatalogue(h: Harness): Promise<void> {
  await h.reset(3);
  await seedVariantCatalogue(h.db(), { uploadsDir: h.uploadsDir });
  await seedAdminTools(h.db());
}

export function variantSuite(h: Harness) {
  describe('variant catalogue (spec 002 §2–§5, §7 Variant catalogue)', () => {
    let swift: { model_id: number; make_id: number };
    let creta: { model_id: number; make_id: number };
    beforeAll(async () => {
      await resetCatalogue(h);
      const models = (await h.db().query<{ model_id: number; make_id: number; model_name: string }>("SELECT model_id, make_id, model_name FROM models WHERE model_name IN ('Swift', 'Creta')")).rows;
      swift = models.find((m) => m.model_name === 'Swift')!;
      creta = models.find((m) => m.model_name === 'Creta')!;
    });

    const call = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown, email = REVIEWER, query: Record<string, string> = {}) =>
      h.call(method, url, { token: await h.token(email), query: { utm_source: 'qc', ...query }, body });
    const suggestion = (modelId: number, years: number[], fuelType: string) => call('POST', '/api/v2/variant-suggestion', { modelId, years, fuelType });

    it('lists the parameters; roles without a variant screen are refused (403), no token 401', async () => {
      const res = await call('GET', '/api/v2/variant-suggestion-parameter');
      expect(res.statusCode).toBe(200);
      const names = res.json().detail.map((p: { name: string }) => p.name);
      expect(names).toEqual(expect.arrayContaining(['Sunroof', 'Airbags', 'Headlamp']));
      expect(res.json().detail.find((p: { name: string }) => p.name === 'Airbags')).toMatchObject({ type: 'dropDown', value: ['2', '4', '6'], status: 'Active', _id: expect.any(String) });
      expect((await call('GET', '/api/v2/variant-suggestion-parameter', undefined, VERSION_PDF)).statusCode).toBe(200);
      expect((await call('GET', '/api/v2/variant-suggestion-parameter', undefined, OTHER)).statusCode).toBe(403);
      expect((await call('GET', '/api/v2/variant-suggestion-parameter', undefined, VERSION_ONLY)).statusCode).toBe(403);
      expect((await h.call('GET', '/api/v2/variant-suggestion-parameter')).statusCode).toBe(401);
    });

    it('adds a parameter (201, audited) and refuses the parameter form errors with its texts', async () => {
      const res = await call('POST', '/api/v2/variant-suggestion-parameter', { name: 'Rear Camera', type: 'dropDown', value: ['None', 'Basic', '360 degree'], image: [], status: 'Active' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().detail).toMatchObject({ name: 'Rear Camera', type: 'dropDown', value: ['None', 'Basic', '360 degree'], status: 'Active' });
      expect(await auditCount(h, 'variant-parameter-add')).toBe(1);
      const cases: [object, number, RegExp][] = [
        [{ name: ' ', type: 'yes/no' }, 400, /^Parameter Name is required$/],
        [{ name: 'Seats', type: 'dropDown', value: ['5', ' '] }, 400, /^Option is required$/],
        [{ name: 'Seats', type: 'dropDown', value: [] }, 400, /^Option is required$/],
        [{ name: 'Grille', type: 'image', image: [{ name: 'Chrome', url: '' }] }, 400, /^Image is required$/],
        [{ name: 'Grille', type: 'image', image: [{ name: '', url: '/uploads/variant-parameters/x.webp' }] }, 400, /^Image name is required$/],
        [{ name: 'Grille', type: 'image', image: [{ name: '', url: '' }] }, 400, /^Image and Image name are required$/],
        [{ name: 'Grille', type: 'image', image: [{ name: 'Chrome', url: '/uploads/qc/x.png' }] }, 400, /^Only webp type image will be uploaded$/],
        [{ name: '__proto__', type: 'yes/no' }, 400, /Parameter Name must start with a letter/],
        [{ name: 'constructor', type: 'yes/no' }, 400, /Parameter Name must start with a letter/],
        [{ name: 'variant', type: 'yes/no' }, 400, /Parameter Name must start with a letter/],
        [{ name: 'Seats', type: 'text' }, 400, /^Type is not one of the allowed choices\.$/],
        [{ name: 'Seats', type: 'yes/no', extra: 1 }, 400, /^The request has a field the server does not accept\.$/],
        [{ name: 'sunroof', type: 'yes/no' }, 409, /Parameter sunroof already exists/],
      ];
      for (const [body, status, text] of cases) {
        const bad = await call('POST', '/api/v2/variant-suggestion-parameter', body);
        expect(bad.statusCode, JSON.stringify(body)).toBe(status);
        expect(bad.json().detail, JSON.stringify(body)).toMatch(text);
      }
      expect((await call('POST', '/api/v2/variant-suggestion-parameter', { name: 'Seats', type: 'yes/no' }, VERSION_ONLY)).statusCode).toBe(403);
    });

    it("updates a parameter by id: 'Change at least one value' when nothing changed; a new name is carried into the data", async () => {
      const list = (await call('GET', '/api/v2/variant-suggestion-parameter')).json().detail as { _id: string; name: string; type: string; value: string[]; image: unknown[] }[];
      const airbags = list.find((p) => p.name === 'Airbags')!;
      const same = await call('PUT', `/api/v2/variant-suggestion-parameter/${airbags._id}`, { name: 'Airbags', type: 'dropDown', value: airbags.value, image: [], status: 'Active' });
      expect(same.statusCode).toBe(400);
      expect(same.json().detail).toBe('Change at least one value');
      const renamed = await call('PUT', `/api/v2/variant-suggestion-parameter/${airbags._id}`, { name: 'Airbag Count', type: 'dropDown', value: [...airbags.value, '7'], status: 'Active' });
      expect(renamed.statusCode, renamed.body).toBe(200);
      const stored = await h.db().query<{ n: number }>("SELECT count(*)::int AS n FROM variant_suggestion_data WHERE parameters ? 'Airbag Count' AND NOT parameters ? 'Airbags'");
      expect(stored.rows[0].n).toBeGreaterThan(0);
      const seq = await h.db().query<{ n: number }>("SELECT count(*)::int AS n FROM variant_suggestion_settings WHERE display_fields ? 'Airbag Count'");
      expect(seq.rows[0].n).toBe(3);
      expect((await call('PUT', '/api/v2/variant-suggestion-parameter/999999', { name: 'X', type: 'yes/no' })).statusCode).toBe(404);
      expect((await call('PUT', '/api/v2/variant-suggestion-parameter/abc', { name: 'X', type: 'yes/no' })).statusCode).toBe(400);
      expect((await call('PUT', `/api/v2/variant-suggestion-parameter/${airbags._id}`, { name: 'X', type: 'yes/no' }, OTHER)).statusCode).toBe(403);
      expect(await auditCount(h, 'variant-parameter-update')).toBe(1);
    });

    it('PATCH v2/variant-suggestion-parameter/{name} sets the status of a parameter by name', async () => {
      const res = await call('PATCH', '/api/v2/variant-suggestion-parameter/sunroof', { status: 'Inactive' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().detail).toMatchObject({ name: 'Sunroof', status: 'Inactive' });
      expect((await call('PATCH', '/api/v2/variant-suggestion-parameter/sunroof', { status: 'Gone' })).statusCode).toBe(400);
      expect((await call('PATCH', '/api/v2/variant-suggestion-parameter/nope', { status: 'Active' })).statusCode).toBe(404);
      expect((await call('PATCH', '/api/v2/variant-suggestion-parameter/sunroof', { status: 'Active' })).statusCode).toBe(200);
      expect((await call('PATCH', '/api/v2/variant-suggestion-parameter/sunroof', { status: 'Inactive' }, VERSION_ONLY)).statusCode).toBe(403);
      expect((await call('PATCH', '/api/v2/variant-suggestion-parameter/__proto__', { status: 'Inactive' })).statusCode).toBe(400);
    });

    it('uploads a webp parameter image and answers its url; a PNG renamed .webp is refused by content', async () => {
      const token = await h.token(REVIEWER);
      const ok = await postForm(h, '/api/v2/variant-suggestion-parameter/image', token, { imageName: 'Chrome' }, { field: 'imageFile', filename: 'chrome.webp', contentType: 'image/webp', data: WEBP });
      expect(ok.statusCode, ok.body).toBe(201);
      const { url } = ok.json().detail;
      expect(url).toMatch(/^\/uploads\/variant-parameters\/Chrome-.+\.webp\?exp=\d+&sig=/);
      expect(existsSync(uploadPath(h.uploadsDir, url))).toBe(true);
      const fake = await postForm(h, '/api/v2/variant-suggestion-parameter/image', token, { imageName: 'Fake' }, { field: 'imageFile', filename: 'fake.webp', contentType: 'image/webp', data: PNG });
      expect(fake.statusCode).toBe(400);
      expect(fake.json().detail).toBe('Only webp type image will be uploaded');
      const none = await postForm(h, '/api/v2/variant-suggestion-parameter/image', token, { imageName: 'Empty' });
      expect(none.json().detail).toBe('Image is required');
      expect((await postForm(h, '/api/v2/variant-suggestion-parameter/image', token, { imageName: 'a:b' }, { field: 'imageFile', filename: 'x.webp', contentType: 'image/webp', data: WEBP })).statusCode).toBe(400);
      expect((await postForm(h, '/api/v2/variant-suggestion-parameter/image', await h.token(OTHER), { imageName: 'x' }, { field: 'imageFile', filename: 'x.webp', contentType: 'image/webp', data: WEBP })).statusCode).toBe(403);
    });

    it('answers {variantList, missingVariants, status}: complete and Active, or with the variants that are missing', async () => {
      const full = await suggestion(swift.model_id, [2019], 'Petrol');
      expect(full.statusCode, full.body).toBe(200);
      expect(full.json().detail.status).toBe('Active');
      expect(full.json().detail.missingVariants).toEqual([]);
      const item = full.json().detail.variantList[0];
      expect(item).toMatchObject({ srNo: expect.any(Number), model_id: swift.model_id, fuelType: 'Petrol', manufacturingYears: '2018,2019,2020' });
      expect(item.variantParameters.slice(0, 2)).toEqual([
        { name: 'variant', type: 'Text', value: item.variant },
        { name: 'variantId', type: 'Text', value: String(item.variantId) },
      ]);
      expect(item.variantParameters.find((p: { name: string }) => p.name === 'Headlamp').value).toMatch(/^(Halogen|Projector|LED):\/uploads\/variant-parameters\//);
      const partial = await suggestion(creta.model_id, [2019, 2020], 'Diesel');
      expect(partial.json().detail.status).toBe('Pending');
      expect(partial.json().detail.missingVariants).toHaveLength(1);
      expect(partial.json().detail.missingVariants[0]).toMatchObject({ variant_name: expect.any(String), years: [2019, 2020] });
      for (const body of [{ modelId: swift.model_id, years: [], fuelType: 'Petrol' }, { modelId: swift.model_id, years: [2019], fuelType: 'Water' }, { modelId: 'x', years: [2019], fuelType: 'Petrol' }, { modelId: swift.model_id, years: [2019] }]) {
        expect((await call('POST', '/api/v2/variant-suggestion', body)).statusCode, JSON.stringify(body)).toBe(400);
      }
      expect((await call('POST', '/api/v2/variant-suggestion', { modelId: swift.model_id, years: [2019], fuelType: 'Petrol' }, VERSION_PDF)).statusCode).toBe(403);
    });

    it('submits variant data (201) for a missing variant, refuses a second copy (409) and bad keys or values (400)', async () => {
      const missing = (await suggestion(creta.model_id, [2019, 2020], 'Diesel')).json().detail.missingVariants[0];
      const item = { make_id: creta.make_id, model_id: creta.model_id, modelName: 'Creta', fuelType: 'Diesel', manufacturingYears: '2019,2020', variant: missing.variant_name, variantId: missing.variant_id, Sunroof: 'No', 'Airbag Count': '2', Headlamp: 'Halogen:/uploads/variant-parameters/seed-halogen.webp' };
      const res = await call('POST', '/api/v2/variant-suggestion-data', [item], VERSION_PDF);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().detail).toContain(missing.variant_name);
      expect((await suggestion(creta.model_id, [2019, 2020], 'Diesel')).json().detail.missingVariants).toEqual([]);
      expect(await auditCount(h, 'variant-data-add')).toBe(1);
      const again = await call('POST', '/api/v2/variant-suggestion-data', [{ ...item, manufacturingYears: '2020,2021' }]);
      expect(again.statusCode).toBe(409);
      expect(again.json().detail).toMatch(/already exists for 2020/);
      const bad: [unknown, RegExp][] = [
        [[{ ...item, manufacturingYears: '2016', Sunroof: 'Maybe' }], /not an answer of parameter Sunroof/],
        [[{ ...item, manufacturingYears: '2016', Turbo: 'Yes' }], /Unknown parameter: Turbo/],
        [JSON.parse(`[{"model_id":${creta.model_id},"fuelType":"Diesel","manufacturingYears":"2016","variant":"x","variantId":${missing.variant_id},"__proto__":{"Sunroof":"Yes"}}]`), /^The name __proto__ is not allowed as a field\.$/],
        // Refused by app.ts's request check (server/safe-input.ts) before the route sees it.
        [[{ ...item, manufacturingYears: '2016', constructor: 'Yes' }], /constructor is not allowed/],
        [[{ ...item, manufacturingYears: '2016', Sunroof: '', 'Airbag Count': '', Headlamp: '' }], /Add at least one parameter/],
        [[{ ...item, manufacturingYears: '2016', variantId: 1 }], /is not a Diesel variant of Creta/],
        [[{ ...item, manufacturingYears: '16' }], /^Manufacturing years /],
        [[], /^The request must not be empty\.$/],
        [[{ ...item, manufacturingYears: '2016' }, { ...item, manufacturingYears: '2016,2017' }], /given twice/],
      ];
      for (const [body, text] of bad) {
        const r = await call('POST', '/api/v2/variant-suggestion-data', body);
        expect(r.statusCode, JSON.stringify(body)).toBe(400);
        expect(r.json().detail).toMatch(text);
      }
      expect((await call('POST', '/api/v2/variant-suggestion-data', [item], VERSION_ONLY)).statusCode).toBe(403);
    });

    it('updates variant data by srNo (PUT and PATCH) and deletes it by srNo', async () => {
      const row = (await suggestion(swift.model_id, [2018], 'Petrol')).json().detail.variantList[0];
      const body = { model_id: swift.model_id, fuelType: 'Petrol', manufacturingYears: row.manufacturingYears, variant: row.variant, variantId: row.variantId, Sunroof: 'Yes', 'Airbag Count': '7' };
      const put = await call('PUT', `/api/v2/variant-suggestion-data/${row.srNo}`, body);
      expect(put.statusCode, put.body).toBe(200);
      const stored = await h.db().query<{ parameters: Record<string, string> }>('SELECT parameters FROM variant_suggestion_data WHERE sr_no = $1', [row.srNo]);
      expect(stored.rows[0].parameters).toEqual({ Sunroof: 'Yes', 'Airbag Count': '7' });
      expect((await call('PATCH', `/api/v2/variant-suggestion-data/${row.srNo}`, { ...body, Sunroof: 'No' })).statusCode).toBe(200);
      expect((await call('PUT', '/api/v2/variant-suggestion-data/999999', body)).statusCode).toBe(404);
      expect((await call('DELETE', `/api/v2/variant-suggestion-data/${row.srNo}`, undefined, VERSION_PDF)).statusCode).toBe(403);
      const del = await call('DELETE', `/api/v2/variant-suggestion-data/${row.srNo}`);
      expect(del.statusCode).toBe(200);
      expect(del.json().detail).toBe(`Variant data deleted for ${row.variant}`);
      expect((await call('DELETE', `/api/v2/variant-suggestion-data/${row.srNo}`)).statusCode).toBe(404);
      expect((await call('DELETE', '/api/v2/variant-suggestion-data/0')).statusCode).toBe(400);
      expect(await auditCount(h, 'variant-data-delete')).toBe(1);
      const missing = (await suggestion(swift.model_id, [2018], 'Petrol')).json().detail.missingVariants;
      expect(missing.map((m: { variant_name: string }) => m.variant_name)).toEqual([row.variant]);
    });

    it('enables and disables the suggestion data (Active / Pending); nothing to enable is a 409', async () => {
      const scope = { model_id: creta.model_id, manufacturingYears: '2019,2020', fuelType: 'Diesel' };
      const on = await call('POST', '/api/v2/variant-suggestion-status', { ...scope, status: 'Active' });
      expect(on.statusCode, on.body).toBe(200);
      expect((await suggestion(creta.model_id, [2019, 2020], 'Diesel')).json().detail.status).toBe('Active');
      expect((await suggestion(creta.model_id, [2019, 2020, 2021], 'Diesel')).json().detail.status).toBe('Pending');
      expect((await call('POST', '/api/v2/variant-suggestion-status', { ...scope, status: 'Pending' })).statusCode).toBe(200);
      expect((await suggestion(creta.model_id, [2019], 'Diesel')).json().detail.status).toBe('Pending');
      expect((await call('POST', '/api/v2/variant-suggestion-status', { ...scope, manufacturingYears: '2013', status: 'Active' })).statusCode).toBe(409);
      expect((await call('POST', '/api/v2/variant-suggestion-status', { ...scope, status: 'On' })).statusCode).toBe(400);
      expect((await call('POST', '/api/v2/variant-suggestion-status', { ...scope, status: 'Active' }, VERSION_PDF)).statusCode).toBe(403);
      expect(await auditCount(h, 'variant-suggestion-status')).toBe(2);
    });

    it('question sequence: GET lists the parameters in use; POST saves displayFields 1..n, each number once', async () => {
      const query = { modelId: String(creta.model_id), years: '2019,2020', fuelType: 'Diesel' };
      const res = await call('GET', '/api/v2/variant-question-sequence', undefined, REVIEWER, query);
      expect(res.statusCode, res.body).toBe(200);
      const names = res.json().detail.parameters.map((p: { name: string }) => p.name);
      expect(names).toEqual(expect.arrayContaining(['Sunroof', 'Airbag Count', 'Headlamp']));
      const displayFields = Object.fromEntries(names.map((n: string, i: number) => [n, names.length - i]));
      const base = { make_id: creta.make_id, make_name: 'Hyundai', model_id: creta.model_id, model_name: 'Creta', fuelType: 'Diesel', manufacturingYears: '2019,2020' };
      const saved = await call('POST', '/api/v2/variant-question-sequence', { ...base, displayFields });
      expect(saved.statusCode, saved.body).toBe(200);
      const after = (await call('GET', '/api/v2/variant-question-sequence', undefined, REVIEWER, query)).json().detail;
      expect(after.displayFields).toEqual(displayFields);
      expect(after.parameters[0].name).toBe(names[names.length - 1]);
      const [first, second] = names;
      const bad: [object, RegExp][] = [
        [{ ...displayFields, [second]: displayFields[first] }, new RegExp(`^${displayFields[first]} is already added$`)],
        [{ ...displayFields, [first]: names.length + 1 }, /run from 1 to/],
        [Object.fromEntries(Object.entries(displayFields).slice(1)), new RegExp(`Sequence of ${first} is required`)],
        [{ ...displayFields, Turbo: 1 }, /Unknown parameter: Turbo/],
        [{ ...displayFields, [first]: 0 }, new RegExp(`^${first} must be at least 1\\.$`, 'i')],
      ];
      for (const [fields, text] of bad) {
        const r = await call('POST', '/api/v2/variant-question-sequence', { ...base, displayFields: fields });
        expect(r.statusCode, JSON.stringify(fields)).toBe(400);
        expect(r.json().detail).toMatch(text);
      }
      const proto = await h.call('POST', '/api/v2/variant-question-sequence', {
        token: await h.token(REVIEWER),
        body: JSON.parse(`{"model_id":${creta.model_id},"fuelType":"Diesel","manufacturingYears":"2019","displayFields":{"__proto__":1}}`),
      });
      expect(proto.statusCode).toBe(400);
      const empty = await call('POST', '/api/v2/variant-question-sequence', { ...base, manufacturingYears: '2013', displayFields: {} });
      expect(empty.json().detail).toBe('No parameter found');
      expect((await call('GET', '/api/v2/variant-question-sequence', undefined, REVIEWER, { ...query, years: '2019;2020' })).statusCode).toBe(400);
      expect((await call('GET', '/api/v2/variant-question-sequence', undefined, VERSION_PDF, query)).statusCode).toBe(403);
      expect((await call('POST', '/api/v2/variant-question-sequence', { ...base, displayFields }, VERSION_PDF)).statusCode).toBe(403);
    });
  });
}
