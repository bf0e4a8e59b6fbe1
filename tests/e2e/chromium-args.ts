/**
 * The switches every headless Chromium of the tests and benchmarks starts with (tests/e2e/browser.ts, the stories'
 * browser in vitest.config.ts).
 *
 * Each new window of a headless Chromium 15x (every browser context is one) loads the omnibox popup's WebUI pages
 * (chrome://omnibox-popup.top-chrome/, two of them) in a renderer of its own, although headless shows no omnibox:
 * measured here, ~1.5 s of CPU in the seconds after a context opens, on a 2-core machine beside the page under test
 * (a context and its page 2.8 s of browser CPU with them, 1.3 s without). A user's browser loads them once with its
 * window, not with each page. Disabling the two features leaves the pages' own work.
 *
 * Chromium keeps only the last --disable-features switch, so ours must repeat playwright-core's own list
 * (chromiumSwitches' disabledFeatures): tests/e2e/chromium-args.e2e.ts fails when a Playwright upgrade adds one.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

export const OMNIBOX_WEBUI_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

export const DISABLE_FEATURES = `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_WEBUI_FEATURES].join(',')}`;
