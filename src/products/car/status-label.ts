/**
 * Inspection statuses as people read them (src/config/inspection-list.json `statusLabels`: spec 000 §4 shows done as
 * 'Doc Upload Verification'): the list's chips and the server's refusals ('Already submitted: the inspection is
 * Rejected by QC') say the same words, never the stored code.
 */
import listConfig from '../../config/inspection-list.json' with { type: 'json' };

const LABELS: ReadonlyMap<string, string> = new Map(Object.entries(listConfig.statusLabels).filter(([key]) => key !== '$comment'));

/** The readable label of an inspectionStatus; an unknown one shows as it is, an absent one as '-'. */
export function statusLabel(status: string | null | undefined): string {
  if (!status) return '-';
  return LABELS.get(status) ?? status;
}
