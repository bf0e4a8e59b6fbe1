/**
 * In-page keystroke → paint probe. At each keydown (window, capture phase: before any React handler) it takes
 * performance.now(); takes the keystroke's commit (the harness calls markCommit() from a layout effect; on the real
 * app, which has no harness, the first DOM mutation stands for it, or, for a keystroke that changed nothing in the DOM
 * but the field's text, the end of its input or change event, after React's root listener: a row's text field holds
 * its own text, and a keystroke that changes only that renders nothing); then waits for the next animation frame after that
 * commit and posts a MessageChannel message, which runs once that frame's main-thread work (style, layout, paint,
 * commit to the compositor) is done: the usual 'next paint' approximation.
 *
 * Chromium starts a frame only at the display's next vsync (every 16.7 ms here), so part of keydown → paint is the
 * main thread sitting idle until then: 0 to 16.7 ms, depending only on when in the display's cycle the key landed.
 * The probe records that wait (from the commit to the frame's start), so the driver can report the page's own time
 * without it.
 */
export interface KeystrokeSample {
  /** keydown → task after the frame that shows the update (ms). */
  paint: number;
  /** keydown → the keystroke's commit (ms), null when the key changed nothing. */
  commit: number | null;
  /** Idle wait from the commit to the start of the frame that paints it (ms): the display's cycle, not the page. */
  vsyncWait: number;
  /**
   * Components React rendered for the keystroke (function, class, memo and forwardRef fibers that performed work in
   * its commits), by name, when the probe counts renders (BENCH_RENDERS=1); else undefined.
   */
  renders?: Record<string, number>;
}

export interface BenchProbe {
  samples: KeystrokeSample[];
  ready: boolean;
  markCommit(): void;
  /**
   * Resolves with sample `n` once it is recorded. The driver awaits this instead of polling the page: polling runs
   * a DevTools task on the page's main thread every few ms, which lands between the frame and the probe's task and
   * adds to every measured latency.
   */
  next(n: number): Promise<KeystrokeSample>;
}

declare global {
  interface Window {
    __bench: BenchProbe;
  }
}

/**
 * Self-contained (no imports, no module constants): the benchmark also injects it into the real app as an init
 * script, with `watchDom` on.
 */
export function installProbe(watchDom = false, countRenders = false): BenchProbe {
  const MAX_FRAMES = 6;
  /** The keystroke being measured: its keydown time and, once made, its commit time. */
  let current: { t0: number; commitAt: number | null; handledAt: number | null; renders: Record<string, number> } | null = null;
  if (countRenders) {
    // React (production builds too) reports each commit to the DevTools hook. A fiber that rendered in the commit
    // has the PerformedWork flag (1); subtrees without it in subtreeFlags bailed out and are skipped, so the walk stays
    // small. Tags: 0 function, 1 class, 11 forwardRef, 14 memo, 15 simple memo.
    type Fiber = { tag: number; flags: number; subtreeFlags: number; type: { name?: string; displayName?: string; type?: { name?: string }; render?: { name?: string } } | null; child: Fiber | null; sibling: Fiber | null };
    const COMPONENT_TAGS = new Set([0, 1, 11, 14, 15]);
    const nameOf = (f: Fiber) => f.type?.displayName ?? f.type?.name ?? f.type?.type?.name ?? f.type?.render?.name ?? `tag${f.tag}`;
    const walk = (fiber: Fiber | null, into: Record<string, number>) => {
      for (let f = fiber; f; f = f.sibling) {
        if (COMPONENT_TAGS.has(f.tag) && (f.flags & 1) !== 0) into[nameOf(f) || '?'] = (into[nameOf(f) || '?'] ?? 0) + 1;
        if ((f.subtreeFlags & 1) !== 0) walk(f.child, into);
      }
    };
    (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      renderers: new Map(),
      inject: () => 1,
      checkDCE: () => undefined,
      onScheduleFiberRoot: () => undefined,
      onCommitFiberUnmount: () => undefined,
      onPostCommitFiberRoot: () => undefined,
      onCommitFiberRoot: (_id: number, root: { current: Fiber }) => {
        if (current) walk(root.current.child, current.renders);
      },
    };
  }
  const waiting = new Map<number, (sample: KeystrokeSample) => void>();
  const probe: BenchProbe = {
    samples: [],
    ready: false,
    markCommit: () => {
      if (current && current.commitAt === null) current.commitAt = performance.now();
    },
    next: (n) => (n < probe.samples.length ? Promise.resolve(probe.samples[n]) : new Promise((resolve) => waiting.set(n, resolve))),
  };
  window.addEventListener(
    'keydown',
    () => {
      const keystroke = { t0: performance.now(), commitAt: null as number | null, handledAt: null as number | null, renders: {} as Record<string, number> };
      current = keystroke;
      let frames = 0;
      const onFrame = () => {
        frames += 1;
        // The update is normally committed within the keydown task; if it was not yet, wait for the frame that has it.
        if ((keystroke.commitAt ?? keystroke.handledAt) === null && frames < MAX_FRAMES) {
          requestAnimationFrame(onFrame);
          return;
        }
        const frameStart = performance.now();
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          const { t0 } = keystroke;
          const commitAt = keystroke.commitAt ?? keystroke.handledAt;
          const sample = {
            paint: performance.now() - t0,
            commit: commitAt === null ? null : commitAt - t0,
            vsyncWait: commitAt === null ? 0 : Math.max(0, frameStart - commitAt),
            ...(countRenders ? { renders: keystroke.renders } : {}),
          };
          probe.samples.push(sample);
          channel.port1.close();
          waiting.get(probe.samples.length - 1)?.(sample);
          waiting.delete(probe.samples.length - 1);
        };
        channel.port2.postMessage(null);
      };
      requestAnimationFrame(onFrame);
    },
    { capture: true },
  );
  if (watchDom) {
    // Mutation records are delivered right after the task that made them: React's commit, for a keystroke.
    new MutationObserver(() => probe.markCommit()).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    // Window, bubble phase: after every listener of the page, React's root one among them.
    const handled = () => {
      if (current) current.handledAt = performance.now();
    };
    window.addEventListener('input', handled);
    window.addEventListener('change', handled);
    probe.ready = true;
  }
  window.__bench = probe;
  return probe;
}
