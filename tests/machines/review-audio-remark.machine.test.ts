// Issue 10 'Flows are machines': a recorded audio remark (spec 000 §3 'Rejection remark payload', §7 POST
// v2/rejection-remark, §8 remark save failure) is uploaded by the review machine's `uploadAudioRemark` actor; the
// remark panel only sends events. A failure keeps the recording, to send again or discard.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { carEngine, carReviewConfig } from '../support/car.ts';
import { generateInspection } from '../../src/engine/generate.ts';
import type { RemarkEntry } from '../../src/engine/inspection.ts';
import type { InspectionDetail } from '../../src/products/car/inspection.ts';
import { ApiError } from '../../src/api/http.ts';
import type { RemarkRequest, RemarkTarget } from '../../src/api/review.ts';
import { AUDIO_REMARK_TEXT, REMARK_SAVE_FAILED } from '../../src/machines/remark.machine.ts';
import { hasUnsavedWork, modelOf, reviewMachine, type ReviewLoaded } from '../../src/machines/review.machine.ts';
import { controlledCall } from './helpers.ts';

const REVIEWER = 'qc.reviewer@qc.example';

function inspectionOf(): InspectionDetail {
  return generateInspection(carReviewConfig, {
    values: { rtoNocIssued: 'No' },
    inspection: { carId: 77, appointmentId: 'APT0077', qcAssign: { to: REVIEWER }, inspectionStatus: 'smReview' },
  });
}

const target = (part: string): RemarkTarget => ({ carId: 77, section: 'carDetails', part, role: 'qc', user: REVIEWER });

async function start(canEdit = true) {
  const load = controlledCall<{ carId: string }, ReviewLoaded>();
  const upload = controlledCall<RemarkRequest, RemarkEntry | null>();
  const alerts: string[] = [];
  const actor = createActor(
    reviewMachine.provide({
      actors: { loadReview: load.logic, uploadAudioRemark: upload.logic },
      actions: { showRemarkError: (_, params) => void alerts.push(params.message) },
    }),
    { input: { carId: '77', engine: carEngine, canEdit: () => canEdit, draftKey: null } },
  ).start();
  await load.settle({ ok: { inspection: inspectionOf(), registry: null, options: { role: 'qc' } } });
  await vi.advanceTimersByTimeAsync(0);
  const context = () => actor.getSnapshot().context;
  return { actor, load, upload, alerts, context };
}

const recording = () => new Blob(['OggS'], { type: 'audio/ogg' });

beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-23T10:15:30Z') }));
afterEach(() => vi.useRealTimers());

describe('review machine: an audio remark is its uploadAudioRemark actor (000 §3, §7, §8)', () => {
  it('sends the §3 payload with the file and inspectionStatus smReview; on success the row records the remark and its history the entry', async () => {
    const { actor, upload, alerts, context } = await start();
    const audio = recording();
    actor.send({ type: 'AUDIO_REMARK', key: 'customerName', target: target('customerName'), audio });
    expect(upload.calls).toEqual([{ ...target('customerName'), type: 'rejectionRemark', inspectionStatus: 'smReview', remarkType: 'audio', audio }]);
    expect(upload.calls[0]).not.toHaveProperty('remark');
    expect(context().audioRemarks.customerName.status).toBe('sending');
    const stored: RemarkEntry = { id: 'r7', user: REVIEWER, role: 'qc', type: 'audio', remark: AUDIO_REMARK_TEXT, presignedUrl: '/uploads/remarks/r7.ogg', timestamp: 1763892930 };
    await upload.settle({ ok: stored });
    expect(context().audioRemarks).toEqual({});
    expect(context().sentRemarks).toEqual({ customerName: [stored] });
    expect(modelOf(context())?.edits).toEqual([{ type: 'remark', key: 'customerName', remark: AUDIO_REMARK_TEXT }]);
    expect(alerts).toEqual([]);
  });

  it('a server that answers no entry still lists the remark in the row history, as this user and role', async () => {
    const { actor, upload, context } = await start();
    actor.send({ type: 'AUDIO_REMARK', key: 'customerName', target: target('customerName'), audio: recording() });
    await upload.settle({ ok: null });
    expect(context().sentRemarks.customerName).toEqual([
      expect.objectContaining({ user: REVIEWER, role: 'qc', type: 'audio', remark: AUDIO_REMARK_TEXT, timestamp: Math.floor(Date.parse('2026-11-23T10:15:30Z') / 1000) }),
    ]);
  });

  it("a failure keeps the recording and alerts the server's detail; Send again uploads the same file", async () => {
    const { actor, upload, alerts, context } = await start();
    const audio = recording();
    actor.send({ type: 'AUDIO_REMARK', key: 'customerName', target: target('customerName'), audio });
    await upload.settle({ error: new ApiError('Forbidden', 403, { message: 'Forbidden', detail: 'Only the assignee can save remarks on this inspection' }) });
    expect(alerts).toEqual(['Only the assignee can save remarks on this inspection']);
    expect(context().audioRemarks.customerName).toMatchObject({ status: 'failed', error: 'Only the assignee can save remarks on this inspection' });
    expect(context().audioRemarks.customerName.request).toMatchObject({ remarkType: 'audio', audio });
    expect(modelOf(context())?.edits ?? []).toEqual([]);
    expect(upload.calls).toHaveLength(1);

    actor.send({ type: 'RETRY_AUDIO_REMARK', key: 'customerName' });
    expect(upload.calls).toHaveLength(2);
    expect(upload.calls[1]).toMatchObject({ remarkType: 'audio', audio });
    await upload.settle({ ok: null });
    expect(context().audioRemarks).toEqual({});
    expect(modelOf(context())?.edits).toEqual([{ type: 'remark', key: 'customerName', remark: AUDIO_REMARK_TEXT }]);
  });

  it.each([
    ['a transport error', new Error('Network Error')],
    ['a server error without a detail', new ApiError('Request failed with status code 502', 502, '<html>Bad Gateway</html>')],
    ['a body with only a message', new ApiError('Internal Server Error', 500, { message: 'Internal Server Error' })],
  ])("%s shows 'Some error occured while saving the remark', never the raw text", async (_name, error) => {
    const { actor, upload, alerts, context } = await start();
    actor.send({ type: 'AUDIO_REMARK', key: 'customerName', target: target('customerName'), audio: recording() });
    await upload.settle({ error });
    expect(alerts).toEqual([REMARK_SAVE_FAILED]);
    expect(context().audioRemarks.customerName).toMatchObject({ status: 'failed', error: REMARK_SAVE_FAILED });
  });

  it('recordings of several rows are sent one after another', async () => {
    const { actor, upload, context } = await start();
    actor.send({ type: 'AUDIO_REMARK', key: 'customerName', target: target('customerName'), audio: recording() });
    actor.send({ type: 'AUDIO_REMARK', key: 'registrationNumber', target: target('registrationNumber'), audio: recording() });
    expect(upload.calls.map((c) => c.part)).toEqual(['customerName']);
    expect(context().audioRemarks.registrationNumber.status).toBe('waiting');
    await upload.settle({ ok: null });
    expect(upload.calls.map((c) => c.part)).toEqual(['customerName', 'registrationNumber']);
  });

  it('a failed recording can be discarded', async () => {
    const { actor, upload, context } = await start();
    actor.send({ type: 'AUDIO_REMARK', key: 'customerName', target: target('customerName'), audio: recording() });
    await upload.settle({ error: new Error('offline') });
    actor.send({ type: 'DISCARD_AUDIO_REMARK', key: 'customerName' });
    expect(context().audioRemarks).toEqual({});
    expect(upload.calls).toHaveLength(1);
  });

  it('a recording the server does not have yet is unsaved work (the leave guard asks) until it is stored or discarded', async () => {
    const { actor, upload, context } = await start();
    expect(hasUnsavedWork(context())).toBe(false);
    actor.send({ type: 'AUDIO_REMARK', key: 'customerName', target: target('customerName'), audio: recording() });
    expect(hasUnsavedWork(context())).toBe(true);
    await upload.settle({ error: new Error('offline') });
    expect(hasUnsavedWork(context())).toBe(true);
    actor.send({ type: 'DISCARD_AUDIO_REMARK', key: 'customerName' });
    expect(hasUnsavedWork(context())).toBe(false);
  });

  it('a read-only review sends no audio remark', async () => {
    const { actor, upload, context } = await start(false);
    actor.send({ type: 'AUDIO_REMARK', key: 'customerName', target: target('customerName'), audio: recording() });
    expect(upload.calls).toEqual([]);
    expect(context().audioRemarks).toEqual({});
  });
});
