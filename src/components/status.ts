/** Inspection statuses as people read them (labels from config), and the tone a status is drawn in. */
import listConfig from '../config/inspection-list.json';

const LABELS: ReadonlyMap<string, string> = new Map(Object.entries(listConfig.statusLabels).filter(([key]) => key !== '$comment'));

/** The readable label of an inspectionStatus; an unknown one shows as it is, an absent one as '-'. */
export function statusLabel(status: string | null | undefined): string {
  if (!status) return '-';
  return LABELS.get(status) ?? status;
}

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
