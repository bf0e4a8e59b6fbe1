/**
 * Runs `task` once the page has loaded (the window's load event) and the browser has nothing more urgent to do
 * (requestIdleCallback, at the latest `timeout` ms after the load), for work a screen's load need not wait for.
 * Idle time alone comes too early: a load's main thread is briefly idle while it waits for its scripts' compile or
 * an IndexedDB read. Returns a function that cancels it.
 */
export function whenIdle(task: () => void, timeout = 2000): () => void {
  let cancelIdle = () => {};
  const start = () => {
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(() => task(), { timeout });
      cancelIdle = () => cancelIdleCallback(id);
    } else {
      const id = setTimeout(task, 0);
      cancelIdle = () => clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
  return () => {
    window.removeEventListener('load', start);
    cancelIdle();
  };
}
