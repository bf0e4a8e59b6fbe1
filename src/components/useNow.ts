import { useEffect, useState } from 'react';

/**
 * The time (ms since epoch), read again every `every` ms while the component is mounted: what lists with timers
 * render from (the car list's timer dots and the refurbishment list's each minute, the GS list's elapsed time each
 * second).
 */
export function useNow(every: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), every);
    return () => window.clearInterval(id);
  }, [every]);
  return now;
}
