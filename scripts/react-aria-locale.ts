/**
 * A Vite plugin (vite.config.ts) that keeps ICU out of every page's start for an English browser (issue 18 'Load').
 *
 * When its i18n module loads, react-aria works out the browser's locale and direction with
 * `Intl.DateTimeFormat.supportedLocalesOf` and `new Intl.Locale(locale).maximize()`; the first of those calls in a new
 * renderer loads ICU's locale data: 40–50 ms of main thread in each /review load on this project's 2-core machines,
 * fresh or with the app in the cache, and nothing else on that load uses ICU. For an English locale the answer is
 * known without asking: the browser's tag, left to right. The plugin puts that answer first in react-aria's
 * `getDefaultLocale`; any other locale (or a tag of another shape) goes through react-aria's own code as before.
 * The built app only: the dev server's pre-bundled dependencies keep react-aria's code as it is.
 */
import type { Plugin } from 'vite';

/** react-aria's module that works out the default locale (react-aria 1.x, react-aria-components 1.x). */
const MODULE = /react-aria[\\/]dist[\\/]private[\\/]i18n[\\/]useDefaultLocale\.m?js$/;

/** `function <name>() {` that opens getDefaultLocale: the one whose body starts by reading the locale. */
const GET_DEFAULT_LOCALE = /function ([\w$]+)\(\) \{(?=\s*let locale = )/;

/** English (`en`, `en-IN`, `en-US-u-ca-gregory`): a language written left to right, in every script it is. */
const ENGLISH = '/^en(?:-[a-z0-9]{1,8})*$/i';

const FAST_PATH = [
  "const qcLocale = typeof window !== 'undefined' && window[Symbol.for('react-aria.i18n.locale')] || typeof navigator !== 'undefined' && navigator.language || 'en-US';",
  `if (${ENGLISH}.test(qcLocale)) return { locale: qcLocale, direction: 'ltr' };`,
].join(' ');

/** react-aria's useDefaultLocale module with the English answer first in getDefaultLocale; null when its code is not the one this was written for. */
export function withEnglishLocaleFirst(code: string): string | null {
  if (!code.includes('supportedLocalesOf') || !GET_DEFAULT_LOCALE.test(code)) return null;
  return code.replace(GET_DEFAULT_LOCALE, (opening) => `${opening} ${FAST_PATH}`);
}

export function reactAriaEnglishLocale(): Plugin {
  return {
    name: 'react-aria-english-locale',
    enforce: 'pre',
    transform(code, id) {
      if (!MODULE.test(id.split('?')[0])) return null;
      const changed = withEnglishLocaleFirst(code);
      // A react-aria upgrade that reshaped the module: the pages still work, only ICU loads again at start
      // (tests/scripts/react-aria-locale.test.ts fails on the installed version).
      if (changed === null) this.warn(`react-aria's useDefaultLocale is not the code ${import.meta.url} expects: left as it is`);
      return changed === null ? null : { code: changed, map: null };
    },
  };
}
