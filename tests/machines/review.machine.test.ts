import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { carEngine, carReviewConfig } from '../support/car.ts';
import { createEngine } from '../../src/engine/model.ts';
import { validateBeforeSubmit } from '../../src/engine/submission.ts';
import { generateInspection } from '../../src/engine/generate.ts';
import type { InspectionDetail, RegistryData } from '../../src/products/car/inspection.ts';
import { memoryDrafts, type DraftStore, type StoredDraft } from '../../src/api/drafts.ts';
import { draftActors } from '../../src/machines/review-draft.machine.ts';
import {
  configVersion,
  DRAFT_DELAY_MS,
  draftVersion,
  editReview,
  hasUnsavedWork,
  inspectionVersion,
  modelOf,
  reviewDraft,
  reviewMachine,
  reviewSubmission,
  type ReviewDraftPayload,
  type ReviewLoaded,
} from '../../src/machines/review.machine.ts';
import type { RemarkEntry } from '../../src/engine/inspection.ts';
import type { RemarkRequest } from '../../src/api/review.ts';
import type { Edit } from '../../src/engine/types.ts';
import { AUDIO_REMARK_TEXT, remarkRequest } from '../../src/machines/remark.machine.ts';
import { controlledCall } from './helpers.ts';

const REVIEWER = 'qc.reviewer@qc.example';
const KEY = `review:${REVIEWER}:77`;

function inspectionOf(patch: Partial<InspectionDetail> = {}): InspectionDetail {
  return generateInspection(carReviewConfig, {
    values: { insuranceType: 'Comprehensive', noClaimBonus: 'Yes', fuelType: 'Diesel', rtoNocIssued: 'No' },
    inspection: { carId: 77, appointmentId: 'APT0077', qcAssign: { to: REVIEWER }, inspectionStatus: 'smReview', ...patch },
  });
}

type Drafts = ReturnType<typeof memoryDrafts<StoredDraft>>;

/** The draft child on a store in memory that also lists every write (null: the draft removed). */
function draftOn(drafts: DraftStore, saves: (StoredDraft | null)[] = []) {
  return reviewDraft.provide({
    actors: draftActors({ ...drafts, save: (key, draft) => (saves.push(draft), drafts.save(key, draft)), clear: (key) => (saves.push(null), drafts.clear(key)) }),
  });
}

/** A stored draft of the review, made on the current inspection and config unless `version` says otherwise. */
function storedDraft(payload: Partial<ReviewDraftPayload>, version = draftVersion(inspectionOf(), carEngine)): StoredDraft {
  return { version, payload: { edits: [], remarks: {}, isCritical: false, isDummy: false, ...payload }, savedAt: 1 };
}
const payloadOf = (drafts: Drafts) => drafts.entries.get(KEY)?.payload as ReviewDraftPayload | undefined;

function start(opts: { inspection?: InspectionDetail; drafts?: Drafts; canEdit?: boolean; draftKey?: string | null } = {}) {
  const inspection = opts.inspection ?? inspectionOf();
  const drafts = opts.drafts ?? memoryDrafts();
  const load = controlledCall<{ carId: string }, ReviewLoaded>();
  const refresh = controlledCall<{ carId: string }, InspectionDetail>();
  const uploadAudio = controlledCall<RemarkRequest, RemarkEntry | null>();
  const saves: (StoredDraft | null)[] = [];
  const actor = createActor(
    reviewMachine.provide({
      actors: {
        loadReview: load.logic,
        refreshInspection: refresh.logic,
        uploadAudioRemark: uploadAudio.logic,
        draft: draftOn(drafts, saves),
      },
    }),
    { input: { carId: '77', engine: carEngine, canEdit: () => opts.canEdit ?? true, draftKey: opts.draftKey === undefined ? KEY : opts.draftKey } },
  ).start();
  const loaded: ReviewLoaded = { inspection, registry: null, options: { role: 'qc', duplicateKeyConfig: 1 } };
  // Loaded, then the draft store read.
  return { actor, load, refresh, uploadAudio, drafts, saves, ready: async () => (await load.settle({ ok: loaded }), await vi.advanceTimersByTimeAsync(0)) };
}

const snap = (actor: { getSnapshot: () => ReturnType<ReturnType<typeof start>['actor']['getSnapshot']> }) => actor.getSnapshot();
const draftOf = (actor: ReturnType<typeof start>['actor']) => snap(actor).children.draft!;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('review machine: loading, error, ready (issue 10 Flows are machines)', () => {
  it('loads, then is ready and editing for the editor, with the engine model of the inspection', async () => {
    const { actor, load, ready } = start();
    expect(snap(actor).hasTag('loading')).toBe(true);
    expect(load.calls).toEqual([{ carId: '77' }]);
    await ready();
    expect(snap(actor).hasTag('ready')).toBe(true);
    expect(snap(actor).hasTag('editing')).toBe(true);
    expect(modelOf(snap(actor).context)?.rows.registrationNumber).toBeTruthy();
  });

  it("a failed load is the error state with the server's detail; RELOAD loads again", async () => {
    const { actor, load } = start();
    await load.settle({ error: Object.assign(new Error('x'), { body: { detail: 'Inspection 77 not found' } }) });
    expect(snap(actor).hasTag('failed')).toBe(true);
    expect(snap(actor).context.error).toBe('Inspection 77 not found');
    actor.send({ type: 'RELOAD' });
    expect(snap(actor).hasTag('loading')).toBe(true);
    expect(load.calls).toHaveLength(2);
  });

  it('edits go through engine.apply; a read-only review ignores them', async () => {
    const editor = start();
    await editor.ready();
    editor.actor.send({ type: 'EDIT', edit: { type: 'check', key: 'sunroof', checked: true } });
    expect(modelOf(snap(editor.actor).context)?.rows.sunroof.checked).toBe(true);
    expect(modelOf(snap(editor.actor).context)?.edits).toEqual([{ type: 'check', key: 'sunroof', checked: true }]);

    const reader = start({ canEdit: false });
    await reader.ready();
    expect(snap(reader.actor).hasTag('readOnly')).toBe(true);
    const before = modelOf(snap(reader.actor).context);
    reader.actor.send({ type: 'EDIT', edit: { type: 'check', key: 'sunroof', checked: true } });
    reader.actor.send({ type: 'SET_CRITICAL', value: true });
    expect(modelOf(snap(reader.actor).context)).toBe(before);
    expect(snap(reader.actor).context.isCritical).toBe(false);
  });

  it("editReview applies a reviewer's edit to the model's store as EDIT does, without a snapshot of the review; the draft keeps it", async () => {
    const { actor, drafts, ready } = start();
    await ready();
    const store = snap(actor).context.store!;
    const heard: boolean[] = [];
    const stop = store.subscribeRows!(['registrationNumber'], () => heard.push(true));
    const snapshots: unknown[] = [];
    const sub = actor.subscribe((s) => snapshots.push(s));
    const edit: Edit = { type: 'setValue', key: 'registrationNumber', value: 'MH12AB1234' };
    editReview(actor, edit);
    expect(modelOf(snap(actor).context)).toEqual(carEngine.apply(carEngine.evaluate(inspectionOf(), [], null, { role: 'qc', duplicateKeyConfig: 1 }), edit));
    expect(modelOf(snap(actor).context)?.edits).toEqual([edit]);
    expect(heard).toEqual([true]);
    expect(snapshots).toEqual([]);
    expect(hasUnsavedWork(snap(actor).context)).toBe(true);
    await vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS);
    expect(payloadOf(drafts)?.edits).toEqual([edit]);
    sub.unsubscribe();
    stop();
  });

  it('editReview: the edits of a burst are written together, within DRAFT_DELAY_MS of the first, told to the draft once', async () => {
    const { actor, drafts, saves, ready } = start();
    await ready();
    const told: unknown[] = [];
    const sub = draftOf(actor).subscribe((s) => told.push(s));
    const edits: Edit[] = [
      { type: 'setValue', key: 'registrationNumber', value: 'MH12AB123' },
      { type: 'check', key: 'sunroof', checked: true },
      { type: 'setValue', key: 'registrationNumber', value: 'MH12AB1234' },
    ];
    editReview(actor, edits[0]);
    const afterFirst = told.length;
    expect(afterFirst).toBeGreaterThan(0);
    await vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS / 3);
    editReview(actor, edits[1]);
    editReview(actor, edits[2]);
    expect(told).toHaveLength(afterFirst);
    expect(saves).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS);
    expect(saves).toHaveLength(1);
    expect(payloadOf(drafts)?.edits).toEqual(edits);
    sub.unsubscribe();
  });

  it('editReview leaves a read-only review and a review not loaded yet as they are', async () => {
    const reader = start({ canEdit: false });
    editReview(reader.actor, { type: 'check', key: 'sunroof', checked: true });
    expect(modelOf(snap(reader.actor).context)).toBeNull();
    await reader.ready();
    const before = modelOf(snap(reader.actor).context);
    editReview(reader.actor, { type: 'check', key: 'sunroof', checked: true });
    expect(modelOf(snap(reader.actor).context)).toBe(before);
    await vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS);
    expect(reader.drafts.entries.size).toBe(0);
  });

  it('REFRESH fetches the inspection again and rebuilds the model keeping the edits; a failed refresh keeps the review', async () => {
    const { actor, refresh, ready } = start();
    await ready();
    actor.send({ type: 'EDIT', edit: { type: 'setValue', key: 'registrationNumber', value: 'MH12AB1234' } });
    actor.send({ type: 'REFRESH' });
    expect(snap(actor).hasTag('refreshing')).toBe(true);
    // Edits made while refreshing are kept too.
    actor.send({ type: 'EDIT', edit: { type: 'check', key: 'sunroof', checked: true } });
    await refresh.settle({ ok: inspectionOf({ isCritical: 0 }) });
    expect(snap(actor).hasTag('refreshing')).toBe(false);
    expect(modelOf(snap(actor).context)?.rows.registrationNumber.newValue).toBe('MH12AB1234');
    expect(modelOf(snap(actor).context)?.rows.sunroof.checked).toBe(true);
    actor.send({ type: 'REFRESH' });
    const model = modelOf(snap(actor).context);
    await refresh.settle({ error: new Error('offline') });
    expect(modelOf(snap(actor).context)).toBe(model);
  });

  it('shows the rows before the registry data comes (issue 18 Load), then re-evaluates with it keeping the edits; a failed registry call keeps the rows', async () => {
    const registry = { parivahan1: { registrationDate: '12-03-2018', registeredAt: 'MH01 MUMBAI', financier: 'HDFC', taxUpTo: 'LTT', ownerCount: 1 } };
    const load = controlledCall<{ carId: string }, ReviewLoaded>();
    const loadRegistry = controlledCall<{ appointmentId: string }, RegistryData | null>();
    const actor = createActor(reviewMachine.provide({ actors: { loadReview: load.logic, loadRegistry: loadRegistry.logic } }), {
      input: { carId: '77', engine: carEngine, canEdit: () => true, draftKey: null },
    }).start();
    await load.settle({ ok: { inspection: inspectionOf(), registry: null, options: {} } });
    expect(snap(actor).hasTag('editing')).toBe(true);
    expect(modelOf(snap(actor).context)?.registry ?? null).toBeNull();
    expect(loadRegistry.calls).toEqual([{ appointmentId: 'APT0077' }]);
    actor.send({ type: 'EDIT', edit: { type: 'check', key: 'sunroof', checked: true } });
    await loadRegistry.settle({ ok: registry });
    expect(modelOf(snap(actor).context)?.registry).toEqual(registry);
    expect(modelOf(snap(actor).context)?.rows.sunroof.checked).toBe(true);
    expect(modelOf(snap(actor).context)).toEqual(carEngine.evaluate(inspectionOf(), [{ type: 'check', key: 'sunroof', checked: true }], registry, {}));

    actor.send({ type: 'RELOAD' });
    await load.settle({ ok: { inspection: inspectionOf(), registry: null, options: {} } });
    const rows = modelOf(snap(actor).context);
    await loadRegistry.settle({ error: new Error('offline') });
    expect(modelOf(snap(actor).context)).toBe(rows);
    // Registry data the load already brought is not asked for again.
    await load.settle({ ok: { inspection: inspectionOf(), registry, options: {} } });
    expect(loadRegistry.calls).toHaveLength(2);
  });

  it('runs any product: a second engine comes in the input', async () => {
    const engine = createEngine(carReviewConfig);
    const load = controlledCall<{ carId: string }, ReviewLoaded>();
    const actor = createActor(reviewMachine.provide({ actors: { loadReview: load.logic } }), { input: { carId: '77', engine, canEdit: () => true, draftKey: null } }).start();
    await load.settle({ ok: { inspection: inspectionOf(), registry: null, options: {} } });
    actor.send({ type: 'EDIT', edit: { type: 'check', key: 'sunroof', checked: true } });
    expect(modelOf(snap(actor).context)?.rows.sunroof.checked).toBe(true);
  });
});

describe('review machine: drafts through its draft child (issue 16 Never lose work)', () => {
  it(`writes a change to the draft store within ${DRAFT_DELAY_MS} ms, not in the change's own step, once per burst`, async () => {
    const { actor, ready, drafts, saves } = start();
    await ready();
    actor.send({ type: 'EDIT', edit: { type: 'setValue', key: 'registrationNumber', value: 'M' } });
    expect(saves).toHaveLength(0);
    expect(draftOf(actor).getSnapshot().hasTag('unsaved')).toBe(true);
    await vi.advanceTimersByTimeAsync(50);
    actor.send({ type: 'EDIT', edit: { type: 'setValue', key: 'registrationNumber', value: 'MH' } });
    actor.send({ type: 'REMARK_TEXT', key: 'sunroof', text: 'half a rem' });
    await vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS - 50);
    expect(saves).toHaveLength(1);
    const saved = drafts.entries.get(KEY)!;
    expect(saved.version).toBe(`${inspectionVersion(inspectionOf())}|${configVersion(carEngine)}`);
    // The two keystrokes in one field are one edit in the draft, its latest value (engine/edit.ts appendEdit).
    expect(payloadOf(drafts)?.edits).toEqual([{ type: 'setValue', key: 'registrationNumber', value: 'MH' }]);
    expect(payloadOf(drafts)?.remarks).toEqual({ sunroof: 'half a rem' });
    expect(draftOf(actor).getSnapshot().hasTag('unsaved')).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    expect(saves).toHaveLength(1);
  });

  it('restores a draft of the same inspection and config on reopen before the review is ready, and says so', async () => {
    const drafts = memoryDrafts();
    const first = start({ drafts });
    await first.ready();
    first.actor.send({ type: 'EDIT', edit: { type: 'check', key: 'sunroof', checked: true } });
    first.actor.send({ type: 'SET_CRITICAL', value: true });
    first.actor.send({ type: 'REMARK_TEXT', key: 'sunroof', text: 'Sunroof leaks' });
    await vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS);
    first.actor.stop();

    const again = start({ drafts });
    const loadedStates: boolean[] = [];
    again.actor.subscribe((s) => s.hasTag('ready') && loadedStates.push(modelOf(s.context)?.rows.sunroof.checked ?? false));
    await again.ready();
    const c = snap(again.actor).context;
    expect(snap(again.actor).hasTag('ready')).toBe(true);
    // Never shown without the draft first.
    expect(loadedStates[0]).toBe(true);
    expect(draftOf(again.actor).getSnapshot().context.notice).toBe('restored');
    expect(modelOf(c)?.rows.sunroof.checked).toBe(true);
    expect(c.isCritical).toBe(true);
    expect(c.remarks).toEqual({ sunroof: 'Sunroof leaks' });
  });

  it('a recorded remark is kept in the draft with its recording until the server has it; reopened, it waits to be sent again', async () => {
    const drafts = memoryDrafts();
    const first = start({ drafts });
    await first.ready();
    const audio = new Blob(['OggS'], { type: 'audio/ogg' });
    const target = { carId: 77, section: 'carDetails' as const, part: 'customerName', role: 'qc', user: REVIEWER };
    first.actor.send({ type: 'AUDIO_REMARK', key: 'customerName', target, audio });
    expect(first.uploadAudio.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS);
    // Nothing else was done: the recording alone is a draft.
    expect(payloadOf(drafts)?.edits).toEqual([]);
    expect(payloadOf(drafts)?.audio?.customerName).toEqual({ ...target, type: 'rejectionRemark', inspectionStatus: 'smReview', remarkType: 'audio', audio });
    // The page goes away with the upload in flight.
    first.actor.stop();

    const again = start({ drafts });
    await again.ready();
    // It may have reached the server: not sent by itself, the reviewer sends it again or discards it.
    expect(snap(again.actor).context.audioRemarks).toEqual({ customerName: { request: expect.objectContaining({ part: 'customerName', audio }), status: 'failed', error: null } });
    expect(again.uploadAudio.calls).toEqual([]);
    again.actor.send({ type: 'RETRY_AUDIO_REMARK', key: 'customerName' });
    // The store keeps a copy (IndexedDB clones what it stores): the same recording, not the same object.
    const sent = (again.uploadAudio.calls[0] as Extract<RemarkRequest, { remarkType: 'audio' }>).audio;
    expect([sent.type, await sent.text()]).toEqual(['audio/ogg', 'OggS']);
    await again.uploadAudio.settle({ ok: null });
    await vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS);
    expect(payloadOf(drafts)?.audio).toBeUndefined();
    expect(payloadOf(drafts)?.edits).toEqual([{ type: 'remark', key: 'customerName', remark: AUDIO_REMARK_TEXT }]);
  });

  it("discarding a restored draft drops the recordings it brought back, as it drops the draft's edits", async () => {
    const drafts = memoryDrafts();
    const request = remarkRequest({ carId: 77, section: 'carDetails', part: 'customerName', role: 'qc', user: REVIEWER }, { remarkType: 'audio', audio: new Blob(['OggS']) });
    drafts.entries.set(KEY, storedDraft({ audio: { customerName: request } }));
    const { actor, ready } = start({ drafts });
    await ready();
    expect(snap(actor).context.audioRemarks.customerName).toMatchObject({ status: 'failed', request });
    expect(hasUnsavedWork(snap(actor).context)).toBe(true);
    draftOf(actor).send({ type: 'DISCARD' });
    expect(snap(actor).context.audioRemarks).toEqual({});
    await vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS);
    expect(drafts.entries.has(KEY)).toBe(false);
  });

  it('a stored draft is read back from the browser: a recording under a key that is no row (__proto__, an unknown one) is not restored', async () => {
    const drafts = memoryDrafts();
    const request = remarkRequest({ carId: 77, section: 'carDetails', part: 'customerName', role: 'qc', user: REVIEWER }, { remarkType: 'audio', audio: new Blob(['OggS']) });
    const audio = JSON.parse('{"__proto__": {"polluted": 1}}') as Record<string, RemarkRequest>;
    audio.noSuchRow = request;
    audio.customerName = request;
    drafts.entries.set(KEY, storedDraft({ audio }));
    const { actor, ready } = start({ drafts });
    await ready();
    const restored = snap(actor).context.audioRemarks;
    expect(Object.keys(restored)).toEqual(['customerName']);
    expect(Object.getPrototypeOf(restored)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a stored draft is read back from the browser: remark text under a key that is no row (__proto__, an unknown one) or not text is not restored', async () => {
    const drafts = memoryDrafts();
    const remarks = JSON.parse('{"__proto__": {"polluted": 1}, "noSuchRow": "Dent", "sunroof": 7, "customerName": "Name differs"}') as Record<string, string>;
    drafts.entries.set(KEY, storedDraft({ remarks }));
    const { actor, ready } = start({ drafts });
    await ready();
    const restored = snap(actor).context.remarks;
    expect(restored).toEqual({ customerName: 'Name differs' });
    expect(Object.getPrototypeOf(restored)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a stored draft is read back from the browser: a malformed edit, flag or recording is left out and the review opens with the rest', async () => {
    const drafts = memoryDrafts();
    const edits = JSON.parse(`[
      {"type": "remark", "key": "customerName", "remark": 5},
      {"type": "unknown", "key": "sunroof"},
      {"type": "check", "key": "sunroof", "checked": "yes"},
      null, "check", {"type": "setValue", "key": "__proto__", "value": 1},
      {"type": "check", "key": "sunroof", "checked": true}
    ]`) as Edit[];
    const notARecording = { ...remarkRequest({ carId: 77, section: 'carDetails', part: 'customerName', role: 'qc', user: REVIEWER }, { remarkType: 'text', remark: 'x' }) };
    drafts.entries.set(KEY, storedDraft({ edits, isCritical: 'yes' as unknown as boolean, isDummy: 1 as unknown as boolean, audio: { customerName: notARecording } }));
    const { actor, ready } = start({ drafts });
    await ready();
    const { context } = snap(actor);
    expect(snap(actor).status).toBe('active');
    expect(snap(actor).hasTag('editing')).toBe(true);
    expect(modelOf(context)?.edits).toEqual([{ type: 'check', key: 'sunroof', checked: true }]);
    expect(modelOf(context)?.rows.sunroof.checked).toBe(true);
    expect([context.isCritical, context.isDummy]).toEqual([false, false]);
    expect(context.audioRemarks).toEqual({});
    expect(draftOf(actor).getSnapshot().context.notice).toBe('restored');
  });

  it('a stored draft with nothing the review can take is dropped, not shown as restored', async () => {
    const drafts = memoryDrafts();
    const edits = JSON.parse('[{"type": "remark", "key": "customerName", "remark": 5}, {"type": "check", "key": "noSuchRow", "checked": true}]') as Edit[];
    drafts.entries.set(KEY, storedDraft({ edits, remarks: JSON.parse('{"__proto__": "x", "noSuchRow": "Dent"}') as Record<string, string> }));
    const { actor, ready } = start({ drafts });
    await ready();
    expect(snap(actor).hasTag('editing')).toBe(true);
    expect(modelOf(snap(actor).context)?.edits).toEqual([]);
    expect(draftOf(actor).getSnapshot().context.notice).toBeNull();
    await vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS);
    expect(drafts.entries.has(KEY)).toBe(false);
  });

  it('DISCARD goes back to the inspection as the server has it and empties the store', async () => {
    const drafts = memoryDrafts();
    drafts.entries.set(KEY, storedDraft({ edits: [{ type: 'check', key: 'sunroof', checked: true }], isCritical: true }));
    const { actor, ready } = start({ drafts });
    await ready();
    expect(modelOf(snap(actor).context)?.rows.sunroof.checked).toBe(true);
    draftOf(actor).send({ type: 'DISCARD' });
    expect(modelOf(snap(actor).context)?.rows.sunroof.checked).toBe(false);
    expect(snap(actor).context.isCritical).toBe(false);
    expect(draftOf(actor).getSnapshot().context.notice).toBeNull();
    await vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS);
    expect(drafts.entries.has(KEY)).toBe(false);
  });

  it.each([
    ['an older inspection version', `77:0:new|${configVersion(carEngine)}`],
    ['another config version', `${inspectionVersion(inspectionOf())}|older-config`],
  ])('a draft made on %s is offered, not applied, until RESTORE; then written again on this version', async (_name, version) => {
    const drafts = memoryDrafts();
    drafts.entries.set(KEY, storedDraft({ edits: [{ type: 'check', key: 'sunroof', checked: true }], remarks: { sunroof: 'Leaks' } }, version));
    const { actor, ready } = start({ drafts });
    await ready();
    expect(draftOf(actor).getSnapshot().context.notice).toBe('offered');
    expect(modelOf(snap(actor).context)?.rows.sunroof.checked).toBe(false);
    await vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS * 2);
    expect(drafts.entries.get(KEY)?.version).toBe(version);
    draftOf(actor).send({ type: 'RESTORE' });
    expect(modelOf(snap(actor).context)?.rows.sunroof.checked).toBe(true);
    expect(snap(actor).context.remarks).toEqual({ sunroof: 'Leaks' });
    expect(draftOf(actor).getSnapshot().context.notice).toBe('restored');
    await vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS);
    expect(drafts.entries.get(KEY)?.version).toBe(draftVersion(inspectionOf(), carEngine));
  });

  it('discarding an offered draft keeps the edits made since opening and writes them over it', async () => {
    const drafts = memoryDrafts();
    drafts.entries.set(KEY, storedDraft({ edits: [{ type: 'check', key: 'sunroof', checked: true }] }, `77:0:new|${configVersion(carEngine)}`));
    const { actor, ready } = start({ drafts });
    await ready();
    actor.send({ type: 'EDIT', edit: { type: 'check', key: 'abs', checked: true } });
    draftOf(actor).send({ type: 'DISCARD' });
    expect(draftOf(actor).getSnapshot().context.notice).toBeNull();
    expect(modelOf(snap(actor).context)?.rows.abs.checked).toBe(true);
    expect(modelOf(snap(actor).context)?.rows.sunroof.checked).toBe(false);
    await vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS);
    expect(payloadOf(drafts)?.edits).toEqual([{ type: 'check', key: 'abs', checked: true }]);
  });

  it('undoing every change removes the draft (nothing the server does not have)', async () => {
    const { actor, ready, drafts } = start();
    await ready();
    actor.send({ type: 'REMARK_TEXT', key: 'sunroof', text: 'x' });
    await vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS);
    expect(drafts.entries.has(KEY)).toBe(true);
    actor.send({ type: 'REMARK_TEXT', key: 'sunroof', text: '' });
    await vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS);
    expect(drafts.entries.has(KEY)).toBe(false);
  });

  it('SUBMITTED clears the draft, and later changes write nothing', async () => {
    const { actor, ready, drafts, saves } = start();
    await ready();
    actor.send({ type: 'EDIT', edit: { type: 'check', key: 'sunroof', checked: true } });
    await vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS);
    expect(drafts.entries.has(KEY)).toBe(true);
    actor.send({ type: 'SUBMITTED' });
    await vi.advanceTimersByTimeAsync(0);
    expect(snap(actor).hasTag('submitted')).toBe(true);
    expect(drafts.entries.has(KEY)).toBe(false);
    actor.send({ type: 'EDIT', edit: { type: 'check', key: 'abs', checked: true } });
    await vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS * 3);
    expect(drafts.entries.has(KEY)).toBe(false);
    // The one write, then the submit's removal; nothing after.
    expect(saves.map((d) => (d ? 'written' : 'removed'))).toEqual(['written', 'removed']);
  });

  it('keeps no draft for a read-only review or without a key', async () => {
    const drafts = memoryDrafts();
    drafts.entries.set(KEY, storedDraft({ edits: [{ type: 'check', key: 'sunroof', checked: true }] }));
    const reader = start({ drafts, canEdit: false });
    await reader.ready();
    expect(snap(reader.actor).hasTag('readOnly')).toBe(true);
    expect(modelOf(snap(reader.actor).context)?.rows.sunroof.checked).toBe(false);
    expect(drafts.entries.has(KEY)).toBe(true);
    const keyless = start({ draftKey: null });
    await keyless.ready();
    keyless.actor.send({ type: 'EDIT', edit: { type: 'check', key: 'sunroof', checked: true } });
    await vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS * 2);
    expect(keyless.saves).toHaveLength(0);
  });

  it('a RELOAD reads the draft again on the reloaded inspection', async () => {
    const { actor, ready, load, drafts } = start();
    await ready();
    actor.send({ type: 'EDIT', edit: { type: 'check', key: 'sunroof', checked: true } });
    await vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS);
    actor.send({ type: 'RELOAD' });
    expect(snap(actor).children.draft).toBeUndefined();
    await load.settle({ ok: { inspection: inspectionOf(), registry: null, options: {} } });
    await vi.advanceTimersByTimeAsync(0);
    expect(snap(actor).hasTag('ready')).toBe(true);
    expect(modelOf(snap(actor).context)?.rows.sunroof.checked).toBe(true);
    expect(payloadOf(drafts)?.edits).toHaveLength(1);
  });
});

describe('review machine: submitting is the submission machine, a child of editing', () => {
  function withSubmission(status: number) {
    const drafts = memoryDrafts();
    const load = controlledCall<{ carId: string }, ReviewLoaded>();
    const posted: unknown[] = [];
    const actor = createActor(
      reviewMachine.provide({
        actors: {
          loadReview: load.logic,
          draft: draftOn(drafts),
          submission: reviewSubmission.provide({
            actors: { submitReview: fromPromise(async ({ input }) => (posted.push(input), { status, data: {} })) },
          }),
        },
      }),
      { input: { carId: '77', engine: carEngine, canEdit: () => true, draftKey: KEY } },
    ).start();
    return { actor, load, drafts, posted };
  }

  it('a read-only review has no submission child; the editor’s review has one', async () => {
    const reader = start({ canEdit: false });
    await reader.ready();
    expect(snap(reader.actor).children.submission).toBeUndefined();
    const editor = start();
    await editor.ready();
    expect(snap(editor.actor).children.submission).toBeDefined();
  });

  it('a successful submit tells the review, which clears the draft', async () => {
    const { actor, load, drafts, posted } = withSubmission(200);
    await load.settle({ ok: { inspection: inspectionOf(), registry: null, options: {} } });
    actor.send({ type: 'SET_CRITICAL', value: true });
    await vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS);
    expect(drafts.entries.has(KEY)).toBe(true);
    const c = snap(actor).context;
    snap(actor).children.submission!.send({ type: 'SUBMIT', model: modelOf(c)!, inspection: c.inspection!, isCritical: true, isDummy: false, reviewStartTime: '2026-11-23 10:00:00' });
    await vi.advanceTimersByTimeAsync(0);
    expect(validateBeforeSubmit(modelOf(c)!, { isDummy: false })).toBeNull();
    expect(posted).toHaveLength(1);
    expect(snap(actor).hasTag('submitted')).toBe(true);
    expect(drafts.entries.has(KEY)).toBe(false);
  });

  it('a 206 answer reloads the review', async () => {
    const { actor, load } = withSubmission(206);
    await load.settle({ ok: { inspection: inspectionOf(), registry: null, options: {} } });
    const c = snap(actor).context;
    snap(actor).children.submission!.send({ type: 'SUBMIT', model: modelOf(c)!, inspection: c.inspection!, isCritical: false, isDummy: false, reviewStartTime: '2026-11-23 10:00:00' });
    await vi.advanceTimersByTimeAsync(0);
    expect(snap(actor).hasTag('loading')).toBe(true);
    expect(load.calls).toHaveLength(2);
    expect(snap(actor).hasTag('submitted')).toBe(false);
  });
});

