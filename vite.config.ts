import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { rolldown } from 'rolldown';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { reactAriaEnglishLocale } from './scripts/react-aria-locale.ts';
import type { RoutePreloads } from './server/built-assets.ts';

const server = `http://localhost:${process.env.PORT ?? 8080}`;

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
}

/** Every node `roots` reach through `imports`, directly or not. */
function closure(roots: readonly string[], imports: (id: string) => readonly string[] | undefined): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(imports(id) ?? []));
  }
  return seen;
}

/** Every module `roots` import statically, directly or not: the code a dynamic import of them runs. */
const staticClosure = (graph: ModuleGraph, roots: readonly string[]) => closure(roots, (id) => graph.getModuleInfo(id)?.importedIds);

const ENTRY = resolve('src/main.tsx');
const CAR_REVIEW = resolve('src/screens/review/ReviewScreen.tsx');
/** The product context every product's review screen loads with its screen (src/app/routes.ts productScreen). */
const ACTIVE_PRODUCT = resolve('src/app/ActiveProduct.tsx');
/** The car's product definition and configs, which the car review loads beside its screen (productScreen). */
const CAR_PRODUCT = resolve('src/products/car.ts');
/** The other products' review screens and their product context: they share most of the car review's code. */
const OTHER_REVIEWS = [
  ACTIVE_PRODUCT,
  resolve('src/screens/bike/BikeReviewScreen.tsx'),
  resolve('src/screens/refurbishment/RefurbishmentReviewScreen.tsx'),
  resolve('src/screens/gs/GsDetailScreen.tsx'),
];
const STUDIO = resolve('src/screens/studio/ConfigStudioScreen.tsx');
/** Signed-out pages: their own small bundles (/login < 120 KB, the public pages' budgets), never the review chunks. */
const SIGNED_OUT = [resolve('src/screens/login') + sep, resolve('src/screens/public') + sep];

/**
 * The chunk of a module the car review (/review, /re-inspection) runs, or null to leave it to rolldown's automatic
 * splitting. Issue 18 'Load' and issue 17 'the review routes' bundles do not grow': automatic splitting cuts the
 * review's code into one chunk per set of routes sharing it (25 scripts for /review once the studio shared the rows,
 * each a request the server answers in turn on a cold load, and ~2 KB of chunk glue). Instead the modules the car
 * review shares with other signed-in routes go in four chunks by who else runs them: `review` (the other products'
 * reviews), `review-common` (those and the lists or admin screens), `review-lists` (the lists, not the other
 * reviews), `review-more` (the studio's preview only). What only the car review runs stays in its screen's chunk,
 * so /review loads only its own modules in a handful of scripts, and the other routes little they do not run.
 * Modules the shell loads at start or a signed-out page runs are left alone.
 */
function reviewChunks(): (id: string, graph: ModuleGraph) => string | null {
  let chunkOf: Map<string, string> | undefined;
  return (id, graph) => {
    if (!chunkOf && !graph.getModuleInfo(ENTRY)) chunkOf = new Map(); // a build of something else (Storybook)
    if (!chunkOf) {
      const initial = staticClosure(graph, [ENTRY]);
      const routeRoots = [...new Set([...initial].flatMap((m) => graph.getModuleInfo(m)?.dynamicallyImportedIds ?? []))];
      const isSignedOut = (root: string) => SIGNED_OUT.some((dir) => root.startsWith(dir));
      const signedOut = staticClosure(graph, routeRoots.filter(isSignedOut));
      const reviews = staticClosure(graph, OTHER_REVIEWS);
      const others = staticClosure(graph, routeRoots.filter((r) => ![CAR_REVIEW, STUDIO, ...OTHER_REVIEWS].includes(r) && !isSignedOut(r)));
      const studio = staticClosure(graph, [STUDIO]);
      chunkOf = new Map();
      for (const m of staticClosure(graph, [CAR_REVIEW, ACTIVE_PRODUCT])) {
        if (initial.has(m) || signedOut.has(m)) continue;
        if (reviews.has(m)) chunkOf.set(m, others.has(m) ? 'review-common' : 'review');
        else if (others.has(m)) chunkOf.set(m, 'review-lists');
        else if (studio.has(m)) chunkOf.set(m, 'review-more');
      }
    }
    return chunkOf.get(id) ?? null;
  };
}

/**
 * codemirror-json-schema (the config studio's editor) renders its docs and messages as markdown with markdown-it and
 * shiki, and parses JSON5 and YAML besides JSON: the studio needs neither, and they were half its chunk (issue 17).
 * Its two internal modules that pull them in are replaced by the studio's own (src/screens/studio).
 */
function leanJsonSchemaEditor(): Plugin {
  const swaps: Record<string, string> = {
    '../utils/markdown': resolve('src/screens/studio/schema-text.ts'),
    '../parsers': resolve('src/screens/studio/json-parser-only.ts'),
  };
  const library = `${sep}codemirror-json-schema${sep}dist${sep}`;
  return {
    name: 'lean-json-schema-editor',
    enforce: 'pre',
    resolveId(source, importer) {
      return importer?.includes(library) && Object.hasOwn(swaps, source) ? swaps[source] : null;
    },
  };
}

/**
 * Paths whose screen's code the page starts fetching from its HTML, as the browser reads it, rather than once the
 * shell's scripts have run (~100 ms later, more on a slow machine): the server adds the files to index.html for a
 * path starting with one of these (server/built-assets.ts `withRoutePreloads`). The car review's, where a reviewer
 * waits for the rows (issue 18 'Load'); its modules are those src/app/routes.ts loads for the route.
 */
const ROUTE_PRELOADS: Record<string, readonly string[]> = {
  '/review/': [CAR_REVIEW, ACTIVE_PRODUCT, CAR_PRODUCT],
  '/re-inspection/': [CAR_REVIEW, ACTIVE_PRODUCT, CAR_PRODUCT],
};

/**
 * Writes .vite/route-preloads.json: for each path of ROUTE_PRELOADS, the scripts its modules run that the shell does not
 * load at start (`{ "/review/": { "scripts": [...] } }`). The app's one style sheet is index.html's own.
 */
function routePreloads(): Plugin {
  return {
    name: 'route-preloads',
    apply: 'build',
    generateBundle(_, bundle) {
      const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
      const entry = chunks.find((c) => c.isEntry && c.moduleIds.includes(ENTRY));
      if (!entry) return; // a build of something else (Storybook)
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const chunkClosure = (roots: string[]) => closure(roots, (file) => byFile.get(file)?.imports);
      const atStart = chunkClosure([entry.fileName]);
      const preloads: RoutePreloads = {};
      for (const [prefix, modules] of Object.entries(ROUTE_PRELOADS)) {
        const roots = chunks.filter((c) => modules.some((m) => c.moduleIds.includes(m))).map((c) => c.fileName);
        preloads[prefix] = { scripts: [...chunkClosure(roots)].filter((f) => !atStart.has(f)).sort() };
      }
      this.emitFile({ type: 'asset', fileName: '.vite/route-preloads.json', source: JSON.stringify(preloads, null, 2) });
    },
  };
}

/**
 * Builds src/app/early-start.ts on its own into a small classic script, `assets/early-<hash>.js`, and puts it first
 * in index.html's head as `<script async>`: it runs as soon as it arrives, before any module of the app, and starts
 * the opened route's calls while the app's scripts load (issue 18 'Load'; src/api/early-calls.ts). A file rather
 * than an inline script, so the Content-Security-Policy stays `script-src 'self'` for any server of the build. The
 * API base is the build's. Build only: the dev server's page starts its calls from the app as before.
 */
function earlyCallsScript(): Plugin {
  let env: Record<string, string> = {};
  let base = '/';
  let script: { fileName: string; code: string } | undefined;
  return {
    name: 'early-calls-script',
    apply: 'build',
    configResolved(config) {
      env = config.env as Record<string, string>;
      base = config.base;
    },
    async buildStart() {
      const define = Object.fromEntries(
        ['VITE_API_BASE', 'VITE_BIKE_API_BASE', 'VITE_DOCS_API_BASE'].map((name) => [`import.meta.env.${name}`, env[name] === undefined ? 'undefined' : JSON.stringify(env[name])]),
      );
      const bundle = await rolldown({ input: resolve('src/app/early-start.ts'), platform: 'browser', transform: { define }, logLevel: 'warn' });
      try {
        const { output } = await bundle.generate({ format: 'iife', minify: true });
        const code = output[0].code;
        const hash = createHash('sha256').update(code).digest('base64url').slice(0, 8);
        script = { fileName: `assets/early-${hash}.js`, code };
      } finally {
        await bundle.close();
      }
    },
    transformIndexHtml() {
      if (!script) return;
      return [{ tag: 'script', attrs: { async: true, src: `${base}${script.fileName}` }, injectTo: 'head-prepend' }];
    },
    generateBundle() {
      if (script) this.emitFile({ type: 'asset', fileName: script.fileName, source: script.code });
    },
  };
}

const gzipAsync = promisify(gzip);

/**
 * Writes a gzip twin (`<file>.gz`, level 9) of each built script and style sheet under assets/, once per build: the
 * server sends it to browsers that take gzip without compressing in the request (server/built-assets.ts, issue 18
 * 'Load'). Tiny files gain nothing from it. Also builds the load bench's React-alone anchor (bench/load.bench.ts).
 */
export function gzipAssets(): Plugin {
  return {
    name: 'gzip-assets',
    apply: 'build',
    async writeBundle({ dir }, bundle) {
      if (!dir) return;
      const files = Object.keys(bundle).filter((f) => f.startsWith('assets/') && /\.(js|css)$/.test(f));
      await Promise.all(
        files.map(async (file) => {
          const body = await readFile(join(dir, file));
          if (body.length >= 1024) await writeFile(join(dir, `${file}.gz`), await gzipAsync(body, { level: 9 }));
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [earlyCallsScript(), react(), reactAriaEnglishLocale(), leanJsonSchemaEditor(), routePreloads(), gzipAssets()],
  server: {
    port: 5173,
    proxy: { '/api': server, '/bike-api': server, '/docs-api': server, '/uploads': server },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // One style sheet for the whole app (28 KB, 6.7 KB gzip), linked by index.html: a route's chunks import none, so
    // /review loads 1 style sheet rather than 4, on the browser's six connections to the origin with its scripts, and
    // no route's import waits for its style sheets (issue 18 'Load': 100 interleaved fresh loads, −17 ms mean, 65/100
    // faster). /login's sheet grows from 9 KB; its budget is for script.
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React, its scheduler and the router run on every route and change only with a dependency upgrade: one
            // chunk whose hashed name stays the same across app releases, so browsers keep it cached.
            { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/, priority: 2 },
            // The toasts' library, loaded with the first toast (src/components/toast.ts), under its own name.
            { name: 'sonner', test: /node_modules[\\/]sonner[\\/]/, priority: 2 },
            // The review's chunks (above). Each captured module's imports are either captured too or loaded at start:
            // following them would pull the shell's modules into the review chunk and so onto /login.
            { name: reviewChunks(), debugName: 'review chunks', priority: 1, includeDependenciesRecursively: false },
            // The widget and state libraries the other signed-in screens use beyond the review's: one chunk rather
            // than ~25 small shared ones.
            { name: 'vendor-ui', test: /node_modules[\\/](@react-aria|react-aria|react-aria-components|@react-stately|react-stately|@react-types|@internationalized|@swc|clsx|xstate|@xstate|use-sync-external-store)[\\/]/ },
          ],
        },
      },
    },
  },
});
