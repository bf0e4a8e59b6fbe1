import type { RegistryData } from '../../src/products/car/inspection.ts';
import type { Queryable } from '../db.ts';

/** Government registry data of an appointment (table registry_data); null when none was fetched. */
export async function registryData(db: Queryable, appointmentId: string): Promise<RegistryData | null> {
  const { rows } = await db.query<{ data: RegistryData }>('SELECT data FROM registry_data WHERE appointment_id = $1', [appointmentId]);
  return rows[0]?.data ?? null;
}

/** Whether any inspection has this appointment id. */
export async function appointmentExists(db: Queryable, appointmentId: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM inspections WHERE appointment_id = $1 LIMIT 1', [appointmentId]);
  return rows.length > 0;
}
