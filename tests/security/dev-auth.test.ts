import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { devAuthRefusal } from '../../server/auth.ts';

describe('dev sign-in is refused outside a local demo (issue 11 defect 7)', () => {
  it.each([
    [{ authMode: 'dev', host: '127.0.0.1' }, null],
    [{ authMode: 'dev', host: '::1' }, null],
    [{ authMode: 'dev', host: 'localhost' }, null],
    [{ authMode: 'dev', host: '0.0.0.0' }, /HOST=0.0.0.0 is refused/],
    [{ authMode: 'dev', host: '10.0.0.5' }, /ALLOW_DEV_AUTH=1/],
    [{ authMode: 'dev', host: '0.0.0.0', allowDevAuth: '1' }, null],
    [{ authMode: 'dev', host: '127.0.0.1', nodeEnv: 'production' }, /NODE_ENV=production/],
    [{ authMode: 'dev', host: '0.0.0.0', nodeEnv: 'production', allowDevAuth: '1' }, /NODE_ENV=production/],
    [{ authMode: 'google', host: '0.0.0.0', nodeEnv: 'production' }, null],
  ] as const)('%o', (opts, expected) => {
    const refusal = devAuthRefusal(opts);
    if (expected === null) expect(refusal).toBeNull();
    else expect(refusal).toMatch(expected);
  });

  it('server/main.ts exits 1 and says why, before opening a database', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'qc-dev-auth-'));
    try {
      for (const env of [{ NODE_ENV: 'production' }, { HOST: '0.0.0.0' }]) {
        const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
          env: { PATH: process.env.PATH, AUTH_MODE: 'dev', DATA_DIR: dataDir, PORT: '0', ...env },
          encoding: 'utf8',
          timeout: 30_000,
        });
        expect(run.status, run.stderr).toBe(1);
        expect(run.stderr).toMatch(/Refusing to start: AUTH_MODE=dev/);
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
