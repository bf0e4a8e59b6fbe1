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

export function statusTone(status: string | null | undefined): StatusTone {
  switch (statusLabel(status)) {
    case LABELS.get('done'):
      return 'done';
    case LABELS.get('smReviewRejected'):
      return 'rejected';
    case LABELS.get('smReview'):
      return 'review';
    case LABELS.get('new'):
      return 'pending';
    default:
      return 'other';
  }
}
