/** What a screen, list or panel shows while its data is on the way (spec 000 §3's list: 'Loading...'). */
export const LOADING_TEXT = 'Loading...';

/** The loading line, a polite live region so a screen reader hears the wait, as it hears what replaces it. */
export function Loading({ className }: { className?: string }) {
  return (
    <p role="status" className={className}>
      {LOADING_TEXT}
    </p>
  );
}
