// Issue 10 'Boundaries are enforced': ESLint refuses an import against the layer order of docs/architecture.md.
// Each case lints a one-line fixture as if it were a file of the given folder, with the project's own eslint.config.js.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

const eslint = new ESLint({ cwd: process.cwd() });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => m.message);
}

const FORBIDDEN: [string, string, string][] = [
  ['a screen imports the app shell', 'src/screens/login/Fixture.tsx', "import { ROUTES } from '../../app/routes.ts';"],
  ['a screen lazy-imports the app shell', 'src/screens/login/Fixture.tsx', "export const app = () => import('../../app/App.tsx');"],
  ['the engine imports a machine', 'src/engine/fixture.ts', "import { remarkMachine } from '../machines/remark.machine.ts';"],
  ['the engine imports the HTTP client', 'src/engine/fixture.ts', "import { mainHttp } from '../api/main.ts';"],
  ['the engine imports React', 'src/engine/fixture.ts', "import { useState } from 'react';"],
  ['the engine imports a product\'s config', 'src/engine/fixture.ts', "import constants from '../config/car/constants.json';"],
  ['the engine imports a product module', 'src/engine/fixture.ts', "import { actionFor } from '../products/gs-unflagging/unflag.ts';"],
  ['the api imports a machine', 'src/api/fixture.ts', "import { remarkMachine } from '../machines/remark.machine.ts';"],
  ['a machine imports a screen', 'src/machines/fixture.ts', "import { LoginScreen } from '../screens/login/LoginScreen.tsx';"],
  ['a shared component imports the app shell', 'src/components/Fixture.tsx', "import { App } from '../app/App.tsx';"],
  ['the server imports a screen', 'server/fixture.ts', "import { LoginScreen } from '../src/screens/login/LoginScreen.tsx';"],
  ['the server imports the browser API client', 'server/fixture.ts', "import { mainHttp } from '../src/api/main.ts';"],
];

const ALLOWED: [string, string, string][] = [
  ['the app imports a screen', 'src/app/Fixture.tsx', "export const login = () => import('../screens/login/LoginScreen.tsx');"],
  ['a screen imports a shared component and the session', 'src/screens/login/Fixture.tsx', "import { showError } from '../../components/toast.ts';\nimport { useSession } from '../../session/useSession.ts';"],
  ['a machine imports an api request type', 'src/machines/fixture.ts', "import type { RemarkRequest } from '../api/review.ts';"],
  ['the engine imports the shared schemas and json-logic-js', 'src/engine/fixture.ts', "import schema from '../config/review-config.schema.json';\nimport jsonLogic from 'json-logic-js';"],
  ['a product module imports its config', 'src/products/fixture.ts', "import unflag from '../config/gs-unflagging/unflag.json';"],
  ['the api imports a product\'s request types', 'src/api/fixture.ts', "import type { UnflagPayload } from '../products/gs-unflagging/unflag.ts';"],
  ['the server imports the engine and config', 'server/fixture.ts', "import { createEngine } from '../src/engine/model.ts';\nimport access from '../src/config/route-access.json';"],
];

describe('import boundaries (eslint-plugin-boundaries in eslint.config.js)', () => {
  it.each(FORBIDDEN)('refuses: %s', async (_, file, code) => {
    const errors = await boundaryErrors(file, code);
    expect(errors.length).toBeGreaterThan(0);
  });

  it.each(ALLOWED)('accepts: %s', async (_, file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([]);
  });

  it('names the layer order in its message', async () => {
    const [message] = await boundaryErrors('src/screens/login/Fixture.tsx', "import { ROUTES } from '../../app/routes.ts';");
    expect(message).toContain('A screens file may not import app');
  });
});

describe('the engine knows no product (issue 10)', () => {
  const ENGINE = 'src/engine';
  const files = readdirSync(ENGINE, { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f)).map((f) => join(ENGINE, f));

  it('no file of src/engine imports a product module or a product\'s config folder', () => {
    const productImports = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)]
        .map((m) => m[1])
        .filter((source) => source.startsWith('.'))
        .map((source) => relative(process.cwd(), resolve(dirname(file), source)))
        // The shared schemas sit directly in src/config; a product's files are in its own folder.
        .filter((target) => target.startsWith('src/products') || /^src\/config\/[^/]+\//.test(target))
        .map((target) => `${file} → ${target}`),
    );
    expect(files.length).toBeGreaterThan(10);
    expect(productImports).toEqual([]);
  });

  it('every file of src/engine passes the layer rules as it stands', async () => {
    const results = await eslint.lintFiles(files);
    const errors = results.flatMap((r) => r.messages.filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => `${r.filePath}: ${m.message}`));
    expect(errors).toEqual([]);
  });
});
