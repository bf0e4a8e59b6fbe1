// Lookups are revalidated, never served stale (issue 18 'Load': cache rarely-changing lookups).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { REVIEWER, useHarness } from './support/harness.ts';

describe('lookup answers carry an ETag and are revalidated (server/http-cache.ts)', () => {
  const h = useHarness('pglite');
  beforeAll(() => h.reset(5));

  it('a GET lookup answers an ETag and private, no-cache; the same ETag back is a bodiless 304', async () => {
    const token = await h.token(REVIEWER);
    const first = await h.app().inject({ method: 'GET', url: '/api/state?utm_source=qc', headers: { authorization: `Bearer ${token}` } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await h.app().inject({ method: 'GET', url: '/api/state?utm_source=qc', headers: { authorization: `Bearer ${token}`, 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Another answer (another lookup) has another ETag: a stale tag gets the whole answer.
    const other = await h.app().inject({ method: 'GET', url: '/api/bank-list?utm_source=qc', headers: { authorization: `Bearer ${token}`, 'if-none-match': etag } });
    expect(other.statusCode).toBe(200);
    expect(other.headers.etag).not.toBe(etag);
  });

  it('refusals are not cached: a call without a token answers 401 with no ETag', async () => {
    const res = await h.call('GET', '/api/state', { query: { utm_source: 'qc' } });
    expect(res.statusCode).toBe(401);
    expect(res.headers.etag).toBeUndefined();
  });
});

describe('the built app: hashed assets are kept, the page is revalidated (server/app.ts)', () => {
  const h = useHarness('pglite');

  it("assets/<name>-<hash>.js is 'immutable' for a year; index.html, the SPA fallback and unhashed files are 'no-cache'", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'qc-static-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dir, 'assets', 'index-B2x9_kQa.js'), 'export {};');
    writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const app = await h.buildWith({ staticDir: dir });
    const asset = await app.inject({ method: 'GET', url: '/assets/index-B2x9_kQa.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/index.html', '/favicon.svg']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const fallback = await app.inject({ method: 'GET', url: '/review/123' });
    expect(fallback.body).toContain('id="root"');
    expect(fallback.headers['cache-control']).toBe('no-cache');
  });

  it("a missing file is a 404, not the app's page: an old build's script, a file-like name, the browser's /favicon.ico", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'qc-static-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dir, 'assets', 'index-B2x9_kQa.js'), 'export {};');
    const app = await h.buildWith({ staticDir: dir });
    for (const url of ['/assets/index-Zz9_kQa1.js', '/assets/review-Ab12_cD3.css', '/assets/', '/assets/sub/page', '/favicon.ico', '/review/robots.txt', '/logo.PNG?v=2']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).not.toMatch(/html/);
      expect(res.body, url).not.toContain('id="root"');
    }
    // Page paths still get the page, a dot or 'assets' inside them included.
    for (const url of ['/review/1000002', '/inspection-version/10051.2', '/inspection?q=x.js', '/gs-unflagging/assets']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('id="root"');
    }
  });

  it("a hashed asset with the build's gzip twin answers it to a browser that takes gzip and the plain file to one that does not", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'qc-static-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
    const script = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `row ${i}`))};`;
    writeFileSync(join(dir, 'assets', 'review-Ab12_cD3.js'), script);
    writeFileSync(join(dir, 'assets', 'review-Ab12_cD3.js.gz'), gzipSync(script));
    const app = await h.buildWith({ staticDir: dir });
    const zipped = await app.inject({ method: 'GET', url: '/assets/review-Ab12_cD3.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-type']).toMatch(/^text\/javascript/);
    expect(zipped.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(script);
    for (const encoding of [undefined, 'identity', 'gzip;q=0']) {
      const plain = await app.inject({ method: 'GET', url: '/assets/review-Ab12_cD3.js', headers: encoding ? { 'accept-encoding': encoding } : {} });
      expect(plain.headers['content-encoding'], encoding).toBeUndefined();
      expect(plain.body, encoding).toBe(script);
    }
  });

  it("the page of a path the build names in .vite/route-preloads.json links that route's scripts to fetch; other paths get the page as built", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'qc-static-'));
    mkdirSync(join(dir, 'assets'));
    mkdirSync(join(dir, '.vite'));
    const page = '<!doctype html><html><head><title>QC</title></head><body><div id="root"></div></body></html>';
    writeFileSync(join(dir, 'index.html'), page);
    const preloads = { '/review/': { scripts: ['assets/ReviewScreen-Ab12_cD3.js', '../secret.js', 'assets/review-Ef45_gH6.css'] } };
    writeFileSync(join(dir, '.vite', 'route-preloads.json'), JSON.stringify(preloads));
    const app = await h.buildWith({ staticDir: dir });
    const review = await app.inject({ method: 'GET', url: '/review/1000002' });
    expect(review.statusCode).toBe(200);
    expect(review.headers['cache-control']).toBe('no-cache');
    expect(review.body).toContain('<link rel="modulepreload" crossorigin href="/assets/ReviewScreen-Ab12_cD3.js">');
    // Only the build's own script names are linked.
    expect(review.body).not.toContain('secret');
    expect(review.body).not.toContain('review-Ef45_gH6.css');
    expect(review.body.indexOf('modulepreload')).toBeLessThan(review.body.indexOf('</head>'));
    for (const url of ['/inspection', '/', '/reviews']) {
      const other = await app.inject({ method: 'GET', url });
      expect(other.body, url).toBe(page);
    }
    // The file itself is not served (Vite's .vite folder stays private like any dotfile).
    expect((await app.inject({ method: 'GET', url: '/.vite/route-preloads.json' })).body).not.toContain('ReviewScreen');
  });
});
