// Issue 10 'Flows are machines': the review's image uploads (a row's RTO NOC / NMC image, spec 000 §4; an edited
// picture, §4 image editor; POST v2/image, §7) are the review machine's actor, not calls made by components.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { carEngine, carReviewConfig } from '../support/car.ts';
import { generateInspection } from '../../src/engine/generate.ts';
import type { InspectionDetail } from '../../src/products/car/inspection.ts';
import type { ImageUploadFields } from '../../src/api/review.ts';
import { IMAGE_UPLOADED, modelOf, NOT_AN_IMAGE, reviewMachine, type ReviewLoaded } from '../../src/machines/review.machine.ts';
import { controlledCall } from './helpers.ts';

const REVIEWER = 'qc.reviewer@qc.example';

function inspectionOf(rtoNocAvailable: string): InspectionDetail {
  return generateInspection(carReviewConfig, {
    values: { rtoNocIssued: 'Yes', rtoNocAvailable },
    inspection: { carId: 77, appointmentId: 'APT0077', qcAssign: { to: REVIEWER }, inspectionStatus: 'smReview' },
  });
}

async function start(canEdit = true, rtoNocAvailable = 'Yes') {
  const inspection = inspectionOf(rtoNocAvailable);
  const load = controlledCall<{ carId: string }, ReviewLoaded>();
  const refresh = controlledCall<{ carId: string }, InspectionDetail>();
  const upload = controlledCall<{ file: Blob; fields: ImageUploadFields }, { url: string }>();
  const ui = { showUploaded: vi.fn(), showUploadError: vi.fn() };
  const actor = createActor(
    reviewMachine.provide({
      actors: { loadReview: load.logic, refreshInspection: refresh.logic, uploadImage: upload.logic },
      actions: {
        showUploaded: (_, params) => ui.showUploaded(params.message),
        showUploadError: (_, params) => ui.showUploadError(params.message),
      },
    }),
    { input: { carId: '77', engine: carEngine, canEdit: () => canEdit, draftKey: null, role: 'SM-QcAdmin' } },
  ).start();
  await load.settle({ ok: { inspection, registry: null, options: { role: 'qc' } } });
  const model = () => modelOf(actor.getSnapshot().context)!;
  return { actor, upload, refresh, ui, inspection, model };
}

beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-23T10:15:30') }));
afterEach(() => vi.useRealTimers());

describe('review machine: a row image upload (000 §4 RTO NOC / NMC, §7 POST v2/image)', () => {
  it("uploads as additionalInfo with role qc, says 'Image Uploaded' and rebuilds from the stored inspection keeping the edits", async () => {
    const { actor, upload, refresh, ui, inspection, model } = await start();
    actor.send({ type: 'EDIT', edit: { type: 'check', key: 'sunroof', checked: true } });
    const row = model().rows.rtoNocAvailable;
    const file = new File(['jpg'], 'noc.png', { type: 'image/png' });
    actor.send({ type: 'UPLOAD', request: { kind: 'rowImage', key: 'rtoNocAvailable', file } });
    expect(actor.getSnapshot().hasTag('uploading')).toBe(true);
    expect(upload.calls).toHaveLength(1);
    expect(upload.calls[0].file).toBe(file);
    expect(upload.calls[0].fields).toEqual({
      carId: 77,
      section: row.section,
      part: row.part,
      subPart: row.subPart,
      type: 'additionalInfo',
      partTitle: row.text,
      partValue: String(row.value),
      title: row.text,
      role: 'qc',
      inspectionStatus: 'smReview',
      uploadTime: '2026-11-23 10:15:30',
      fileExtension: 'png',
    });
    await upload.settle({ ok: { url: '/uploads/noc.png' } });
    expect(ui.showUploaded).toHaveBeenCalledWith(IMAGE_UPLOADED);
    expect(actor.getSnapshot().context.upload).toEqual({ key: 'rtoNocAvailable', url: '/uploads/noc.png', error: null });
    expect(actor.getSnapshot().hasTag('refreshing')).toBe(true);
    const stored = structuredClone(inspection);
    stored.inspectionData.carDetails!.rtoNocIssued.subParts!.rtoNocAvailable.image = { hashKey: 'noc', title: 'RTO NOC Available', url: '/uploads/noc.png' };
    await refresh.settle({ ok: stored });
    expect(model().rows.rtoNocAvailable.image?.url).toBe('/uploads/noc.png');
    expect(model().rows.sunroof.checked).toBe(true);
  });

  it("names its row by key and sends the row's value as the review holds it when sent", async () => {
    const { actor, upload, model } = await start(true, 'No');
    expect(model().rows.rtoNocAvailable.canUpload).toBeUndefined();
    actor.send({ type: 'EDIT', edit: { type: 'setValue', key: 'rtoNocAvailable', value: 'Yes' } });
    expect(model().rows.rtoNocAvailable.canUpload).toBe(true);
    actor.send({ type: 'UPLOAD', request: { kind: 'rowImage', key: 'rtoNocAvailable', file: new File(['jpg'], 'noc.jpg', { type: 'image/jpeg' }) } });
    expect(upload.calls).toHaveLength(1);
    expect(upload.calls[0].fields).toMatchObject({ part: model().rows.rtoNocAvailable.part, partValue: 'Yes' });
  });

  it('uploads nothing and shows nothing for a key that names no row of the review, or a row that offers no upload', async () => {
    const { actor, upload, ui } = await start();
    const file = new File(['jpg'], 'noc.jpg', { type: 'image/jpeg' });
    const pdf = new File(['%PDF'], 'noc.pdf', { type: 'application/pdf' });
    for (const key of ['__proto__', 'constructor', 'toString', 'noSuchRow', 'registrationNumber']) {
      actor.send({ type: 'UPLOAD', request: { kind: 'rowImage', key, file } });
      actor.send({ type: 'UPLOAD', request: { kind: 'rowImage', key, file: pdf } });
      expect(actor.getSnapshot().hasTag('uploading')).toBe(false);
    }
    actor.send({ type: 'UPLOAD', request: { kind: 'editedImage', key: '__proto__', file, pointerCount: 1, isTilted: false } });
    expect(actor.getSnapshot().hasTag('uploading')).toBe(false);
    expect(upload.calls).toEqual([]);
    expect(ui.showUploadError).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.upload).toBeNull();
    // The review goes on: the row that offers an upload still uploads.
    actor.send({ type: 'UPLOAD', request: { kind: 'rowImage', key: 'rtoNocAvailable', file } });
    expect(upload.calls).toHaveLength(1);
  });

  it('refuses a file that is not an image without calling the server', async () => {
    const { actor, upload, ui } = await start();
    actor.send({ type: 'UPLOAD', request: { kind: 'rowImage', key: 'rtoNocAvailable', file: new File(['%PDF'], 'noc.pdf', { type: 'application/pdf' }) } });
    expect(upload.calls).toEqual([]);
    expect(ui.showUploadError).toHaveBeenCalledWith(NOT_AN_IMAGE);
    expect(actor.getSnapshot().context.upload).toEqual({ key: 'rtoNocAvailable', url: null, error: NOT_AN_IMAGE });
  });

  it("shows the server's detail when the upload fails, and does not rebuild", async () => {
    const { actor, upload, refresh, ui } = await start();
    actor.send({ type: 'UPLOAD', request: { kind: 'rowImage', key: 'rtoNocAvailable', file: new File(['jpg'], 'noc.jpg', { type: 'image/jpeg' }) } });
    await upload.settle({ error: Object.assign(new Error('Request failed'), { body: { detail: 'File too large' } }) });
    expect(ui.showUploadError).toHaveBeenCalledWith('File too large');
    expect(actor.getSnapshot().context.upload?.error).toBe('File too large');
    expect(actor.getSnapshot().hasTag('uploading')).toBe(false);
    expect(refresh.calls).toEqual([]);
  });

  it('a read-only review uploads nothing', async () => {
    const { actor, upload } = await start(false);
    actor.send({ type: 'UPLOAD', request: { kind: 'rowImage', key: 'rtoNocAvailable', file: new File(['jpg'], 'noc.jpg', { type: 'image/jpeg' }) } });
    expect(upload.calls).toEqual([]);
    expect(actor.getSnapshot().hasTag('uploading')).toBe(false);
  });
});

describe('review machine: an edited picture (000 §4 image editor)', () => {
  it("uploads under the user's role with hashKey, pointerCount and the old url; a masked one marks its row and the new url shows", async () => {
    const { actor, upload, ui, model } = await start();
    const key = model().order.find((k) => k.startsWith('rcImages:'))!;
    const row = model().rows[key];
    actor.send({ type: 'UPLOAD', request: { kind: 'editedImage', key, file: new Blob(['jpeg']), pointerCount: 2, isTilted: true } });
    expect(upload.calls[0].fields).toMatchObject({
      carId: 77,
      section: row.section,
      part: row.part,
      field: row.part,
      hashKey: row.image!.hashKey,
      oldImageUrl: row.image!.url,
      role: 'SM-QcAdmin',
      pointerCount: 2,
      isTilted: true,
      fileExtension: 'jpeg',
    });
    await upload.settle({ ok: { url: '/uploads/rc-masked.jpg' } });
    expect(actor.getSnapshot().context.urls).toEqual({ [key]: '/uploads/rc-masked.jpg' });
    expect(model().rows[key].isMaskedByQc).toBe(true);
    expect(model().edits).toEqual([{ type: 'mask', key, masked: true }]);
    // The editor shows its own outcome: no row-upload toast.
    expect(ui.showUploaded).not.toHaveBeenCalled();
  });

  it('a picture only rotated is not marked masked', async () => {
    const { actor, upload, model } = await start();
    const key = model().order.find((k) => k.startsWith('rcImages:'))!;
    actor.send({ type: 'UPLOAD', request: { kind: 'editedImage', key, file: new Blob(['jpeg']), pointerCount: 0, isTilted: true } });
    await upload.settle({ ok: { url: '/uploads/rc-rotated.jpg' } });
    expect(model().edits ?? []).toEqual([]);
    expect(actor.getSnapshot().context.urls[key]).toBe('/uploads/rc-rotated.jpg');
  });
});
