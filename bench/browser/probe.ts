/**
 * In-page keystroke → paint probe. At each keydown (window, capture phase: before any React handler) it takes
 * performance.now(); then waits for the next animation frame after React committed the resulting update (the
 * harness calls markCommit() from a layout effect; on the real app, which has no harness, the first DOM mutation
 * stands for the commit) and posts a MessageChannel message, which runs after that frame was painted: the usual
 * 'next paint' approximation. Samples are read by the benchmark driver.
 */
export interface KeystrokeSample {
  /** keydown → task after the frame that shows the update (ms). */
  paint: number;
  /** keydown → React commit (ms), null when the key changed nothing. */
  commit: number | null;
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
export function installProbe(watchDom = false): BenchProbe {
  const MAX_FRAMES = 6;
  let lastCommit = 0;
  const waiting = new Map<number, (sample: KeystrokeSample) => void>();
  const probe: BenchProbe = {
    samples: [],
    ready: false,
    markCommit: () => {
      lastCommit = performance.now();
    },
    next: (n) => (n < probe.samples.length ? Promise.resolve(probe.samples[n]) : new Promise((resolve) => waiting.set(n, resolve))),
  };
  window.addEventListener(
    'keydown',
    () => {
      const t0 = performance.now();
      let frames = 0;
      const onFrame = () => {
        frames += 1;
        // The update is normally committed within the keydown task; if it was not yet, wait for the frame that has it.
        if (lastCommit < t0 && frames < MAX_FRAMES) {
          requestAnimationFrame(onFrame);
          return;
        }
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          const sample = { paint: performance.now() - t0, commit: lastCommit >= t0 ? lastCommit - t0 : null };
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
    probe.ready = true;
  }
  window.__bench = probe;
  return probe;
}
