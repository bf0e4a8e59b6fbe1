import type { RegistryData } from '../../src/products/car/inspection.ts';
import type { Queryable } from '../db.ts';
import { notFound } from '../errors.ts';
import { appointmentExists, registryData } from '../repos/registry.ts';

/** Registry data of a known appointment (spec 000 §5, §7); a source the registry did not answer is null. */
export async function registryOf(db: Queryable, appointmentId: string): Promise<RegistryData> {
  if (!(await appointmentExists(db, appointmentId))) throw notFound(`Appointment ${appointmentId} not found`);
  const empty: RegistryData = { parivahan1: null, vahanWebsite: null, parseSms: null, bgcData: null };
  return { ...empty, ...((await registryData(db, appointmentId)) ?? {}) };
}
