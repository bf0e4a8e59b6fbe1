/** The studio's readable diff between two config versions (issue 17). */
/** What changed between two versions of a config, by row, rule, validation and case (not by JSON text). */
export interface ConfigChange {
  /** 'rows', 'rules', … or a top-level key ('constants', 'outcomes'). */
  part: string;
  /** The row key, rule id, case name, or the list index when an entry has none. */
  name: string;
  change: 'added' | 'removed' | 'changed';
}

const ENTRY_NAME: ReadonlyMap<string, string> = new Map([
  ['rows', 'key'],
  ['rules', 'id'],
  ['validations', 'id'],
  ['cases', 'name'],
  ['registry', 'row'],
]);

function entries(list: unknown, nameKey: string): Map<string, string> {
  const out = new Map<string, string>();
  if (!Array.isArray(list)) return out;
  list.forEach((item: unknown, i) => {
    const own = item && typeof item === 'object' && Object.hasOwn(item, nameKey) ? (item as Record<string, unknown>)[nameKey] : undefined;
    const name = typeof own === 'string' ? own : `#${i}`;
    out.set(out.has(name) ? `${name} #${i}` : name, JSON.stringify(item));
  });
  return out;
}

/** Compares two config documents entry by entry (rows by key, rules by id, cases by name; other keys whole). */
export function diffConfigs(before: unknown, after: unknown): ConfigChange[] {
  const a = (before && typeof before === 'object' ? before : {}) as Record<string, unknown>;
  const b = (after && typeof after === 'object' ? after : {}) as Record<string, unknown>;
  const changes: ConfigChange[] = [];
  for (const part of [...new Set([...Object.keys(a), ...Object.keys(b)])]) {
    const nameKey = ENTRY_NAME.get(part);
    if (nameKey && (Array.isArray(a[part]) || Array.isArray(b[part]))) {
      const x = entries(a[part], nameKey);
      const y = entries(b[part], nameKey);
      for (const [name, text] of x) {
        if (!y.has(name)) changes.push({ part, name, change: 'removed' });
        else if (y.get(name) !== text) changes.push({ part, name, change: 'changed' });
      }
      for (const name of y.keys()) if (!x.has(name)) changes.push({ part, name, change: 'added' });
    } else if (JSON.stringify(a[part]) !== JSON.stringify(b[part])) {
      changes.push({ part, name: part, change: !Object.hasOwn(a, part) ? 'added' : !Object.hasOwn(b, part) ? 'removed' : 'changed' });
    }
  }
  return changes;
}
