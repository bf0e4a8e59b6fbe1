import type { InspectionDetail } from '../../src/products/car/inspection.ts';
import type { InspectionStatus } from '../../src/products/car/inspection.ts';
import type { Queryable } from '../db.ts';
import type { InspectionRow } from './inspections.ts';

/**
 * The writes of the review flows, QC image edits and admin corrections on `inspections` and `submissions` (reads of
 * inspections live in repos/inspections.ts). Callers hold the inspection's row lock.
 */

/** Gives a free inspection to `assignee` (smReview); null when someone else took it meanwhile. */
export async function assignInspection(db: Queryable, carId: number, assignee: string): Promise<InspectionRow | null> {
  const { rows } = await db.query<InspectionRow>(
    "UPDATE inspections SET assignee = $2, assigned_at = now(), status = 'smReview', updated_at = now() WHERE car_id = $1 AND assignee IS NULL RETURNING *",
    [carId, assignee],
  );
  return rows[0] ?? null;
}

export interface ReviewResult {
  status: InspectionStatus | string;
  reviewer: string;
  start: Date;
  end: Date;
  detail: InspectionDetail;
}

/** Stores a submission's result on the inspection: its new status, reviewer, review times and detail. */
export async function storeReviewResult(db: Queryable, carId: number, r: ReviewResult): Promise<InspectionRow> {
  const { rows } = await db.query<InspectionRow>(
    `UPDATE inspections SET status = $2, qc_by = $3, qc_start_time = $4, qc_end_time = $5, detail = $6::jsonb, updated_at = now()
      WHERE car_id = $1 RETURNING *`,
    [carId, r.status, r.reviewer, r.start.toISOString(), r.end.toISOString(), JSON.stringify(r.detail)],
  );
  return rows[0];
}

export interface SubmissionRecord {
  carId: number;
  version: number;
  reviewer: string;
  statusBefore: string;
  statusAfter: string;
  isApprovedByQc: number;
  isDummy: number;
  isCritical: number;
  start: Date;
  end: Date;
  payload: unknown;
  /** The config version the submission was checked against; null for the JSON in src/config. */
  configVersion: number | null;
}

/** The `submissions` row: the raw payload and the config version it was checked against (one per inspection version). */
export async function insertSubmission(db: Queryable, s: SubmissionRecord): Promise<void> {
  await db.query(
    `INSERT INTO submissions (car_id, version, reviewer, status_before, status_after, is_approved_by_qc, is_dummy, is_critical,
       review_start_time, review_end_time, payload, config_version) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11::jsonb,$12)`,
    [s.carId, s.version, s.reviewer, s.statusBefore, s.statusAfter, s.isApprovedByQc, s.isDummy, s.isCritical, s.start.toISOString(), s.end.toISOString(), JSON.stringify(s.payload), s.configVersion],
  );
}

/** An edit of the stored detail outside a submission (admin corrections, QC image edits), and the variant column when given. */
export async function storeCorrectedDetail(db: Queryable, carId: number, detail: InspectionDetail, variant?: string): Promise<void> {
  await db.query('UPDATE inspections SET detail = $2::jsonb, variant = coalesce($3, variant), updated_at = now() WHERE car_id = $1', [carId, JSON.stringify(detail), variant ?? null]);
}
