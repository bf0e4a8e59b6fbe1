import { resolve, sep } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const server = `http://localhost:${process.env.PORT ?? 8080}`;

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
}

/** Every module `roots` import statically, directly or not: the code a dynamic import of them runs. */
function staticClosure(graph: ModuleGraph, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

const ENTRY = resolve('src/main.tsx');
const CAR_REVIEW = resolve('src/screens/review/ReviewScreen.tsx');
/** The product context every product's review screen loads with its screen (src/app/routes.ts productScreen). */
const ACTIVE_PRODUCT = resolve('src/app/ActiveProduct.tsx');
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

export default defineConfig({
  plugins: [react(), leanJsonSchemaEditor()],
  server: {
    port: 5173,
    proxy: { '/api': server, '/bike-api': server, '/docs-api': server, '/uploads': server },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React, its scheduler and the router run on every route and change only with a dependency upgrade: one
            // chunk whose hashed name stays the same across app releases, so browsers keep it cached.
            { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/, priority: 2 },
            // The review's chunks (above). Each captured module's imports are either captured too or loaded at start:
            // following them would pull the shell's modules into the review chunk and so onto /login.
            { name: reviewChunks(), priority: 1, includeDependenciesRecursively: false },
            // The widget and state libraries the other signed-in screens use beyond the review's: one chunk rather
            // than ~25 small shared ones.
            { name: 'vendor-ui', test: /node_modules[\\/](@react-aria|react-aria|react-aria-components|@react-stately|react-stately|@react-types|@internationalized|@swc|clsx|xstate|@xstate|use-sync-external-store)[\\/]/ },
          ],
        },
      },
    },
  },
});
