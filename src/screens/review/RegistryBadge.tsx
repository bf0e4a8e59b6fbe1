import type { RowState } from '../../engine/types.ts';

const LABELS = { yes: 'Matches registry', no: 'Differs from registry', info: 'Registry info' } as const;

/** Registry comparison of a row (000 §5): yes / no / info with the registry and SMS values the engine found. */
export function RegistryBadge({ row }: { row: Pick<RowState, 'vaahanFlag' | 'registryValue' | 'smsValue' | 'dataSource'> }) {
  if (!row.vaahanFlag) return null;
  const flag = row.vaahanFlag;
  // The values may be cut short to keep the row's controls in place: the tooltip has them in full.
  const full = [row.registryValue != null && `Registry: ${row.registryValue}`, row.smsValue != null && `SMS: ${row.smsValue}`, row.dataSource && `Source: ${row.dataSource}`];
  return (
    <span className={`registry registry-${flag}`} role="group" aria-label={LABELS[flag]} title={full.filter(Boolean).join('\n') || undefined}>
      <span className="registry-flag">{flag}</span>
      {row.registryValue != null && <span className="registry-value">Registry: {row.registryValue}</span>}
      {row.smsValue != null && <span className="registry-value">SMS: {row.smsValue}</span>}
    </span>
  );
}
