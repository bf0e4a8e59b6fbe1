// Lint: typescript-eslint's recommended rules plus the React hooks rules, over every TS source folder, and the
// layers' import direction (eslint-plugin-boundaries).
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';

/**
 * The layers of src/ and server/, and what each may import (docs/architecture.md 'Imports flow one way'):
 * config → engine → products → machines → components → screens → app, with api and session below machines and
 * screens. A layer may always import its own folder. server/ may import engine, config and products only.
 */
export const LAYERS = {
  // A product's own config folder (src/config/car/ …) before the shared files beside them: the engine may read
  // only the shared schemas, never a product's config.
  productConfig: { pattern: 'src/config/*/**', partialMatch: false, mayImport: [] },
  config: { pattern: 'src/config', mayImport: [] },
  engine: { pattern: 'src/engine', mayImport: ['config'] },
  products: { pattern: 'src/products', mayImport: ['config', 'engine'] },
  api: { pattern: 'src/api', mayImport: ['config', 'engine', 'products'] },
  session: { pattern: 'src/session', mayImport: ['config', 'api'] },
  machines: { pattern: 'src/machines', mayImport: ['config', 'engine', 'products', 'api'] },
  components: { pattern: 'src/components', mayImport: ['config', 'engine', 'products', 'api', 'session', 'machines'] },
  screens: { pattern: 'src/screens', mayImport: ['config', 'engine', 'products', 'api', 'session', 'machines', 'components'] },
  app: { pattern: 'src/app', mayImport: ['config', 'engine', 'products', 'api', 'session', 'machines', 'components', 'screens'] },
  server: { pattern: 'server', mayImport: ['config', 'engine', 'products'] },
};

/** Libraries the pure engine must not use: it runs in node tests and on the server (STYLE.md 1). */
const NOT_IN_ENGINE = ['react', 'react-dom', 'react-*', '@xstate/*', 'xstate', 'axios', 'sonner', '@tanstack/*'];

export const boundariesConfig = {
  files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
  plugins: { boundaries },
  settings: {
    'boundaries/include': ['src/**/*', 'server/**/*'],
    'boundaries/elements': Object.entries(LAYERS).map(([type, { pattern, partialMatch }]) => ({ type, pattern, ...(partialMatch === undefined ? {} : { partialMatch }) })),
  },
  rules: {
    'boundaries/dependencies': [
      'error',
      {
        default: 'disallow',
        checkAllOrigins: true,
        message: 'A {{from.type}} file may not import {{to.type}}: imports flow config → engine → products → machines → components → screens → app (docs/architecture.md)',
        policies: [
          ...Object.entries(LAYERS).map(([type, { mayImport }]) => ({
            from: { element: { type } },
            // Whoever may import config may import a product's config folder too, except the engine.
            allow: { to: { element: { types: { anyOf: [type, ...mayImport, ...(mayImport.includes('config') && type !== 'engine' ? ['productConfig'] : [])] } } } },
          })),
          // Libraries and node's modules: allowed, except UI, state and HTTP libraries in the engine.
          { allow: { to: { module: { origin: ['external', 'core'] } } } },
          {
            from: { element: { type: 'engine' } },
            disallow: { to: { module: { origin: 'external', source: NOT_IN_ENGINE } } },
            message: 'The engine is framework-free: no {{to.module.source}} in src/engine (STYLE.md 1)',
          },
        ],
      },
    ],
  },
};

export default tseslint.config(
  { ignores: ['bench/.tmp/**', 'dist/**', 'data/**', 'node_modules/**', 'tests/artifacts/**', 'storybook-static/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  boundariesConfig,
  {
    // Issue 18 'Load': the package's index names every component, so a route that imports one from it has them all in
    // its module graph, and vite.config.ts puts whatever the car review's graph holds in the chunks /review loads.
    files: ['src/**/*.{ts,tsx}', 'stories/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        { name: 'react-aria-components', message: "Import from the component's own module (react-aria-components/Tabs, …/Dialog): the package index puts every component in the importing route's chunks." },
      ],
    },
  },
  {
    // Issue 11 defect 1: keys named by a request never reach a prototype. Server code tests membership with
    // Object.hasOwn (`in` also sees Object.prototype) and writes request-named keys only into Maps, null-prototype
    // objects or Object.fromEntries (server/safe-input.ts).
    files: ['server/**/*.ts'],
    ignores: ['server/seed/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "BinaryExpression[operator='in'][left.type!='Literal']", message: 'Use Object.hasOwn(obj, key): `in` also finds Object.prototype members.' },
        {
          selector: "AssignmentExpression[left.type='MemberExpression'][left.computed=true][left.property.type!='Literal'][left.property.type!='NumericLiteral']",
          message: 'Computed writes with a runtime key can hit __proto__: use a Map, Object.fromEntries or own()/isSafeKey from server/safe-input.ts.',
        },
      ],
    },
  },
);
