/**
 * Where a keystroke's time goes, from a Chromium trace (BENCH_TRACE=1 npm run bench browser): main-thread event
 * dispatch and frame phases, raster and draw on their own threads, and the tasks Chrome's autofill posts on form
 * changes. Tracing slows the page, so read these as shares, not as the benchmark's figures.
 */
import type { Page } from 'playwright-core';

const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'cc', 'viz', 'toplevel'].join(',');

interface TraceEvent {
  name: string;
  ph: string;
  dur?: number;
  args?: { data?: { type?: string }; src_file?: string };
}

/** ms per keystroke spent in each part. */
export type Breakdown = Record<'keydown' | 'frame' | 'style' | 'layout' | 'paint' | 'raster' | 'draw' | 'autofill', number>;

export const BREAKDOWN_PARTS: (keyof Breakdown)[] = ['keydown', 'frame', 'style', 'layout', 'paint', 'raster', 'draw', 'autofill'];

export async function startTrace(page: Page): Promise<{ stop(keystrokes: number): Promise<Breakdown> }> {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
  return {
    async stop(keystrokes) {
      const complete = new Promise((done) => cdp.once('Tracing.tracingComplete', done));
      await cdp.send('Tracing.end');
      await complete;
      await cdp.detach();
      const ms = (match: (e: TraceEvent) => boolean) =>
        events.filter((e) => e.ph === 'X' && e.dur !== undefined && match(e)).reduce((sum, e) => sum + (e.dur ?? 0), 0) / 1000 / keystrokes;
      return {
        keydown: ms((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'keydown'),
        frame: ms((e) => e.name === 'ProxyMain::BeginMainFrame'),
        style: ms((e) => e.name === 'UpdateLayoutTree'),
        layout: ms((e) => e.name === 'Layout'),
        paint: ms((e) => e.name === 'Paint'),
        raster: ms((e) => e.name === 'RasterTask'),
        draw: ms((e) => e.name === 'Display::DrawAndSwap'),
        autofill: ms((e) => e.name === 'ThreadControllerImpl::RunTask' && (e.args?.src_file ?? '').includes('autofill')),
      };
    },
  };
}
