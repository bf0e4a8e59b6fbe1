/**
 * Performance marks at the steps of a route's load (issue 18 'Load'): when each call started ahead and came back,
 * when the screen took it, when the draft store was read. `npm run bench load` prints them in its waterfall beside the
 * requests, so a wait between two steps shows. Only load steps call this (a few marks a navigation, ~1 µs each).
 */
export function markLoad(step: string): void {
  // Optional: some test environments have no User Timing.
  globalThis.performance?.mark?.(`load: ${step}`);
}
