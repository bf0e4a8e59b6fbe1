/**
 * The built app's hashed assets served from memory (issue 18 'Load'). `vite build` names each file under assets/ by
 * its content hash and writes a gzip twin beside it (`<file>.gz`, vite.config.ts `gzipAssets`), so a file never
 * changes under its name: they are read once at start and each request is one write of a buffer, with no file-system
 * calls and no compression in the one Node process that also answers the API. A file added to assets/ later (another
 * build into the same directory) is not in memory and goes to the static plugin, as every other file does.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';

export interface BuiltAsset {
  body: Buffer;
  /** The build's gzip twin; null when there is none (small files, a build without it). */
  gzip: Buffer | null;
  type: string;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

/** A file of assets/ that carries Vite's content hash (`index-B2x9_kQa.js`): one that may be kept for good. */
export const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+-[\w-]{8,}\.\w+$/;

/** Every hashed file of `staticDir`/assets of a known type, by its URL path (`/assets/index-B2x9_kQa.js`). */
export function readBuiltAssets(staticDir: string): Map<string, BuiltAsset> {
  const assets = new Map<string, BuiltAsset>();
  let names: string[];
  try {
    names = readdirSync(join(staticDir, 'assets'));
  } catch {
    return assets;
  }
  const present = new Set(names);
  for (const name of names) {
    const path = join(staticDir, 'assets', name);
    const type = Object.hasOwn(TYPES, extname(name)) ? TYPES[extname(name)] : undefined;
    if (!type || !HASHED_ASSET.test(path)) continue;
    const gzip = present.has(`${name}.gz`) ? readFileSync(`${path}.gz`) : null;
    assets.set(`/assets/${name}`, { body: readFileSync(path), gzip, type });
  }
  return assets;
}

/** Whether the request's Accept-Encoding takes gzip (not refused with q=0). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  return text.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding.trim() !== 'gzip' && coding.trim() !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

/** Per path prefix, the route's scripts (`.vite/route-preloads.json`, vite.config.ts `routePreloads`). */
export type RoutePreloads = Record<string, { scripts: string[] }>;

/** The build's route preloads, or none when it has no such file (an older or foreign build). */
export function readRoutePreloads(staticDir: string): RoutePreloads {
  try {
    const parsed = JSON.parse(readFileSync(join(staticDir, '.vite', 'route-preloads.json'), 'utf8')) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as RoutePreloads) : {};
  } catch {
    return {};
  }
}

const SAFE_FILE = /^assets\/[\w.-]+\.js$/;

/**
 * index.html for `path`, with `<link>`s that start fetching the route's code as the browser reads the page (issue 18
 * 'Load'): the browser keeps them for the app's own import of the route, which then waits for nothing already on its
 * way. Other paths get the page as built.
 */
export function withRoutePreloads(html: string, preloads: RoutePreloads, path: string): string {
  const prefix = Object.keys(preloads).find((p) => path.startsWith(p));
  if (!prefix) return html;
  const { scripts = [] } = preloads[prefix];
  const links = scripts.filter((f) => SAFE_FILE.test(f)).map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`);
  return links.length ? html.replace('</head>', `    ${links.join('\n    ')}\n  </head>`) : html;
}
