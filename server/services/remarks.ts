/** Rejection remarks (spec 000 §7 `v2/rejection-remark`): text, or an audio recording stored under uploads/. */
import type { RemarkEntry } from '../../src/engine/inspection.ts';
import type { SessionUser } from '../auth.ts';
import type { Db } from '../db.ts';
import { badRequest, forbidden } from '../errors.ts';
import { sniffAudio, storeUpload, type FormFile } from '../forms.ts';
import { audit, getInspection } from '../repos/inspections.ts';
import { insertRemark, remarksAt, toRemarkEntry, type RemarkTarget } from '../repos/remarks.ts';
import { assertAssignee, sameEmail } from './assignee.ts';

/** The remark history of a row (section, part, subPart) or an image (hashKey) across the versions of an appointment. */
export async function remarkHistory(db: Db, appointmentId: string, target: RemarkTarget): Promise<RemarkEntry[]> {
  if (!target.part && !target.hashKey) throw badRequest('part or hashKey is required');
  return (await remarksAt(db, appointmentId, target)).map(toRemarkEntry);
}

/** The fields of the `POST v2/rejection-remark` form that the service reads. */
export interface RemarkForm extends RemarkTarget {
  carId: number;
  remarkType: 'text' | 'audio';
  remark?: string;
  user: string;
}

/** What a remark says: the trimmed text, or an audio file checked by its bytes (its declared type is not trusted). */
function remarkContent(form: RemarkForm, file: FormFile | null): { text: string; audio: { ext: string; data: Buffer } | null } {
  if (form.remarkType === 'text') {
    const text = (form.remark ?? '').trim();
    if (!text) throw badRequest('remark must not be empty');
    if (file) throw badRequest('A text remark carries no file');
    return { text, audio: null };
  }
  if (!file) throw badRequest('An audio remark needs the recorded file');
  // MediaRecorder labels webm audio variously: the bytes decide.
  const kind = sniffAudio(file.data);
  if (!kind) throw badRequest('The remark file is not an audio recording (webm, ogg, wav, mp3 or m4a)');
  return { text: (form.remark ?? '').trim() || 'Audio remark', audio: { ext: kind.ext, data: file.data } };
}

/** Saves a remark of the inspection's assignee, with its audit line; an audio file written before a refused save is removed. */
export async function saveRemark(db: Db, uploadsDir: string, me: SessionUser, form: RemarkForm, file: FormFile | null): Promise<RemarkEntry> {
  if (!form.part && !form.hashKey) throw badRequest('part or hashKey is required');
  if (!sameEmail(form.user, me.email)) throw forbidden('user must be the signed-in user');
  const { text, audio } = remarkContent(form, file);
  const row = await getInspection(db, form.carId);
  assertAssignee(row, me, 'save remarks on this inspection');
  const stored = audio ? storeUpload(uploadsDir, `remarks/${row.appointment_id}`, `${form.carId}-${form.hashKey ?? form.part}`, audio.ext, audio.data) : null;
  try {
    return await db.transaction(async (tx) => {
      const current = await getInspection(tx, form.carId, { forUpdate: true });
      assertAssignee(current, me, 'save remarks on this inspection');
      const saved = await insertRemark(tx, {
        carId: form.carId,
        appointmentId: current.appointment_id,
        section: form.section,
        part: form.part,
        subPart: form.subPart,
        hashKey: form.hashKey,
        type: form.remarkType,
        remark: text,
        presignedUrl: stored?.url ?? null,
        user: me.email,
        role: me.role ?? '',
      });
      await audit(tx, {
        actor: me.email,
        action: 'rejection-remark',
        carId: form.carId,
        appointmentId: current.appointment_id,
        before: current.status,
        after: current.status,
        detail: { remarkId: saved.id, section: form.section, part: form.part ?? null, subPart: form.subPart ?? null, hashKey: form.hashKey ?? null, remarkType: form.remarkType },
      });
      return toRemarkEntry(saved);
    });
  } catch (error) {
    stored?.remove();
    throw error;
  }
}
