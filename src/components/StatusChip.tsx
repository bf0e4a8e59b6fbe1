import { statusLabel } from '../products/car/status-label.ts';
import { statusTone, type StatusTone } from './status.ts';

interface Props {
  /** An inspectionStatus code ('smReviewRejected'); shown by its readable label from config. */
  status?: string | null;
  /** Another flow's own label and tone (a bike or refurbishment status), instead of an inspectionStatus. */
  label?: string;
  tone?: StatusTone;
}

/** A status as a chip: a readable label, coloured by its tone (theme.css --chip-*), never a raw code. */
export function StatusChip({ status, label, tone }: Props) {
  return <span className={`status status-${tone ?? statusTone(status)}`}>{label ?? statusLabel(status)}</span>;
}
