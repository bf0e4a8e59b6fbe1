/**
 * In-page keystroke → paint probe. At each keydown (window, capture phase: before any React handler) it takes
 * performance.now(); then waits for the next animation frame after React committed the resulting update (the
 * harness calls markCommit() from a layout effect) and posts a MessageChannel message, which runs after that
 * frame was painted: the usual 'next paint' approximation. Samples are read by the benchmark driver.
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
}

declare global {
  interface Window {
    __bench: BenchProbe;
  }
}

const MAX_FRAMES = 6;

export function installProbe(): BenchProbe {
  let lastCommit = 0;
  const probe: BenchProbe = {
    samples: [],
    ready: false,
    markCommit: () => {
      lastCommit = performance.now();
    },
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
          probe.samples.push({ paint: performance.now() - t0, commit: lastCommit >= t0 ? lastCommit - t0 : null });
          channel.port1.close();
        };
        channel.port2.postMessage(null);
      };
      requestAnimationFrame(onFrame);
    },
    { capture: true },
  );
  window.__bench = probe;
  return probe;
}
