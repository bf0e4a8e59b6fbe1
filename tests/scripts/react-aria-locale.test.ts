import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withEnglishLocaleFirst } from '../../scripts/react-aria-locale.ts';

/** The installed react-aria's module the plugin rewrites. */
const INSTALLED = resolve('node_modules/react-aria/dist/private/i18n/useDefaultLocale.mjs');

interface LocaleModule {
  getDefaultLocale(): { locale: string; direction: string };
}

const dirs: string[] = [];
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * The rewritten module, loaded on its own: its imports (react-aria's isRTL and SSR context, React) are stand-ins that
 * count what they are asked, so a test sees whether the locale was worked out through ICU.
 */
async function load(code: string, language: string): Promise<{ module: LocaleModule; rtlAsked: string[] }> {
  const rtlAsked: string[] = [];
  vi.stubGlobal('navigator', { language });
  vi.stubGlobal('qcRtlAsked', rtlAsked);
  const stub = (source: string) => `"data:text/javascript,${encodeURIComponent(source)}"`;
  const standalone = code
    .replace('"./utils.mjs"', stub("export const isRTL = (l) => (globalThis.qcRtlAsked.push(l), new Intl.Locale(l).maximize().script === 'Arab');"))
    .replace('"../ssr/SSRProvider.mjs"', stub('export const useIsSSR = () => false;'))
    .replace('"react"', stub('export const useState = () => []; export const useEffect = () => {};'))
    .replace(/^\/\/# sourceMappingURL=.*$/m, '');
  const dir = mkdtempSync(join(tmpdir(), 'qc-locale-'));
  dirs.push(dir);
  const file = join(dir, 'useDefaultLocale.mjs');
  writeFileSync(file, standalone);
  return { module: (await import(/* @vite-ignore */ pathToFileURL(file).href)) as LocaleModule, rtlAsked };
}

describe("react-aria's default locale without ICU for English (scripts/react-aria-locale.ts, issue 18 'Load')", () => {
  const installed = readFileSync(INSTALLED, 'utf8');

  it('applies to the installed react-aria: an upgrade that reshapes the module fails here, not silently in the pages', () => {
    const changed = withEnglishLocaleFirst(installed);
    expect(changed).not.toBeNull();
    expect(changed).not.toBe(installed);
  });

  it.each(['en-IN', 'en-US', 'en', 'en-GB-u-ca-gregory'])('%s: the browser tag, left to right, without asking ICU', async (language) => {
    const supported = vi.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf');
    const { module, rtlAsked } = await load(withEnglishLocaleFirst(installed)!, language);
    expect(module.getDefaultLocale()).toEqual({ locale: language, direction: 'ltr' });
    expect(supported).not.toHaveBeenCalled();
    expect(rtlAsked).toEqual([]);
  });

  it('another language goes through react-aria as before (ICU checks the tag, isRTL gives the direction)', async () => {
    const supported = vi.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf');
    const { module, rtlAsked } = await load(withEnglishLocaleFirst(installed)!, 'ar-EG');
    expect(module.getDefaultLocale()).toEqual({ locale: 'ar-EG', direction: 'rtl' });
    expect(supported).toHaveBeenCalledWith(['ar-EG']);
    expect(rtlAsked).toContain('ar-EG');
    expect((await load(withEnglishLocaleFirst(installed)!, 'hi-IN')).module.getDefaultLocale()).toEqual({ locale: 'hi-IN', direction: 'ltr' });
  });

  it('a tag only shaped like English is not taken as one: react-aria checks it', async () => {
    const supported = vi.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf');
    const { module } = await load(withEnglishLocaleFirst(installed)!, 'en--x');
    expect(module.getDefaultLocale()).toEqual({ locale: 'en-US', direction: 'ltr' });
    expect(supported).toHaveBeenCalled();
  });

  it('leaves code it was not written for alone', () => {
    expect(withEnglishLocaleFirst('export const x = 1;')).toBeNull();
    expect(withEnglishLocaleFirst(installed.replace(/supportedLocalesOf/g, 'canonicalLocales'))).toBeNull();
  });
});
