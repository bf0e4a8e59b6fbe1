/**
 * Registry comparison (spec 000 §5): a row's value against the registry sources its config names, giving the
 * registry value shown beside the row and a flag: yes (a source matches), no (sources differ), info (no data,
 * or shown for information only). The format is described in docs/config-format.md 'Registry comparison'.
 */
import type { RegistryConfig } from './config.ts';
import type { RegistrySources } from './inspection.ts';
import { compileLogic, truthy, type CompiledLogic } from './logic.ts';
import { readOwn } from './read-own.ts';
import type { EvalContext, VaahanFlag } from './types.ts';

export interface RegistryResult {
  registryValue: string | null;
  smsValue?: string | null;
  flag: VaahanFlag;
  dataSource: string | null;
}

export type RegistryCompare = (value: unknown, registry: RegistrySources | null | undefined, ctx: EvalContext) => RegistryResult;

const DEFAULT_MATCH = { eqi: [{ var: 'value' }, { var: 'source' }] };

function isEmpty(v: unknown): boolean {
  return v === null || v === undefined || (Array.isArray(v) ? v.length === 0 : String(v).trim() === '');
}

function text(v: unknown): string | null {
  return v === null || v === undefined || v === '' ? null : String(v);
}

/** The comparison a registry entry declares, compiled once. */
export function compileRegistryCompare(rc: RegistryConfig): RegistryCompare {
  const sources = rc.sources.map((s) => s.split('.'));
  const sms = rc.sms?.split('.');
  const compared = sms ? [...sources, sms] : sources;
  const registryValueOf: CompiledLogic = rc.registryValue === undefined ? (d) => (d as { source: unknown }).source : compileLogic(rc.registryValue);
  const match = rc.info ? undefined : compileLogic(rc.match ?? DEFAULT_MATCH);
  const dataSource = rc.dataSource ?? [...new Set(rc.sources.map((s) => s.split('.')[0])), ...(sms ? ['sms'] : [])].join(' / ');
  // A source counts when its value is there, or (`present: record`) when its record is, even without the value.
  const present = rc.present === 'record' ? (registry: unknown, path: readonly string[]) => truthy(readOwn(registry, path.slice(0, 1))) : (registry: unknown, path: readonly string[]) => !isEmpty(readOwn(registry, path));

  return (value, registry, ctx) => {
    const reg = registry ?? {};
    const smsValue = sms ? text(readOwn(reg, sms)) : undefined;
    const found = compared.filter((p) => present(reg, p));
    if (!found.length) return { registryValue: null, ...(sms ? { smsValue } : {}), flag: 'info', dataSource };
    // The registry value shown is the first source's that has one (an SMS value alone shows none).
    const first = sources.map((p) => readOwn(reg, p)).find((v) => !isEmpty(v)) ?? null;
    const registryValue = found.some((p) => p !== sms) ? text(registryValueOf({ source: first, registry: reg, ctx })) : null;
    let flag: VaahanFlag = 'info';
    if (match) {
      for (const p of found) {
        const m = match({ value, source: readOwn(reg, p) ?? null, registryValue, registry: reg, ctx });
        if (m === null || m === undefined) continue;
        if (truthy(m)) {
          flag = 'yes';
          break;
        }
        flag = 'no';
      }
    }
    return { registryValue, ...(sms ? { smsValue } : {}), flag, dataSource };
  };
}
