import { useState } from 'react';

interface Props {
  /** The visible text of the picker's label. */
  label: string;
  /** The input's accessible name (names the row or picture it is for). */
  name: string;
  className: string;
  disabled?: boolean;
  /** Sends the chosen file; the picker stays disabled until it settles. */
  onFile: (file: File) => Promise<unknown>;
}

/**
 * An image file picker for one row or picture (the car review's row upload, a bike picture's replacement): a file
 * chosen while one is still on its way is not possible, and the input is emptied at once, so choosing the same file
 * again sends it again.
 */
export function ImageUpload({ label, name, className, disabled = false, onFile }: Props) {
  const [busy, setBusy] = useState(false);
  return (
    <label className={className}>
      {label}
      <input
        type="file"
        accept="image/*"
        aria-label={name}
        disabled={disabled || busy}
        onChange={async (e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          setBusy(true);
          try {
            await onFile(file);
          } finally {
            setBusy(false);
          }
        }}
      />
    </label>
  );
}
