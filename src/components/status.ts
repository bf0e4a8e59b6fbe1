/** The tone an inspection status is drawn in (its label: src/products/car/status-label.ts). */
import listConfig from '../config/inspection-list.json';
import { statusLabel } from '../products/car/status-label.ts';

/** Chip colours: done (green), rejected (red), review (blue), pending (amber), other (grey). */
export type StatusTone = 'done' | 'rejected' | 'review' | 'pending' | 'other';
const TONE_NAMES: readonly StatusTone[] = ['done', 'rejected', 'review', 'pending', 'other'];

/** Tones by label (config `statusTones`), so every spelling of a status that shares a label shares its tone. */
const TONES: ReadonlyMap<string, StatusTone> = new Map(
  Object.entries(listConfig.statusTones)
    .filter(([status]) => status !== '$comment')
    .map(([status, tone]) => {
      const known = TONE_NAMES.find((name) => name === tone);
      if (!known) throw new Error(`src/config/inspection-list.json statusTones: '${tone}' is not a tone (${TONE_NAMES.join(', ')})`);
      return [statusLabel(status), known] as const;
    }),
);

export function statusTone(status: string | null | undefined): StatusTone {
  return TONES.get(statusLabel(status)) ?? 'other';
}
