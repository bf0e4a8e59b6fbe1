import { useEffect, useState } from 'react';

/** 'now', re-read every minute so the timer dots change colour while the list is open. */
export function useMinuteClock(every = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), every);
    return () => window.clearInterval(id);
  }, [every]);
  return now;
}
