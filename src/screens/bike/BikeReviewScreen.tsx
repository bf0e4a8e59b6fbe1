/**
 * /bike-review/{appointmentId}?version= (spec 001 §2 'Bike review'): the rows and media of the bike config, each
 * with a tick to reject it; corrections through the shared row editors; make/model/variant for the bike's qcUser;
 * the PDF link; submit (APPROVED, or REJECTED when anything is ticked) through the bike submission machine.
 * Read-only for everyone but the assignee, for a past version (?version=) and once reviewed.
 */
import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import bikeScreens from '../../config/bike-list.json';
import type { Edit, ReviewModel, RowState } from '../../engine/types.ts';
import { appendEdit, storedEdits } from '../../engine/edit.ts';
import { panelOf } from '../../engine/product.ts';
import {
  assignBike,
  fetchBike,
  fetchBikeMediaConfig,
  generateBikeReport,
  pushBikeData,
  submitBikeStatus,
  uploadBikeImage,
  type BikeDetail,
  type BikeMediaConfig,
  type BikePushBody,
  type BikeSubmitForm,
} from '../../api/bike.ts';
import type { LoginData } from '../../api/session.ts';
import { canAccess } from '../../session/access.ts';
import { showError, showSuccess } from '../../components/toast.ts';
import { useSession } from '../../session/useSession.ts';
import { bikeSubmissionMachine, heldRejections } from '../../machines/bike-submission.machine.ts';
import { errorDetail } from '../../machines/error-detail.ts';
import { useProduct } from '../../products/ProductContext.tsx';
import { RowEditor, RowMessages } from '../review/widgets.tsx';
import { ReviewOverlays, ReviewTools } from '../review/RowFinder.tsx';
import { ReviewTabs } from '../review/ReviewTabs.tsx';
import { CAR_SHORTCUTS, modelRows, rowsShown, shortcutList, stepGroup } from '../review/shortcuts.ts';
import { useFocusAfterAssign, useJumpFocus, useReviewKeys, useRowNavigation, useSubmitShortcut } from '../review/useReviewKeys.ts';
import { useLeaveGuard } from '../../components/leave-guard.ts';
import { DraftBar } from '../../components/DraftBar.tsx';
import { ImageUpload } from '../../components/ImageUpload.tsx';
import { useReviewDraft } from '../../components/useReviewDraft.ts';
import { draftKey } from '../../api/drafts.ts';
import { configVersion } from '../../machines/review.machine.ts';
import { bikeDate } from './BikeListScreen.tsx';
import { heldBikeReview, type BikeImage } from './inspection.ts';
import { MakeModelVariantPanel } from './MakeModelVariantPanel.tsx';
import { useLatest } from '../../components/useLatest.ts';
import { Loading } from '../../components/Loading.tsx';
import { LinkedImage } from '../../components/LinkedImage.tsx';
import './bike.css';

/** The car's shortcuts less the remark one: the bike review has no row remarks. */
const BIKE_SHORTCUTS = CAR_SHORTCUTS.filter((id) => id !== 'remark');
const BIKE_HELP = shortcutList(BIKE_SHORTCUTS);

const sameEmail = (a: string | null | undefined, b: string) => !!a && a.toLowerCase() === b.toLowerCase();

function recorded(row: RowState): string {
  if (row.values) return row.values.join(', ');
  return row.value === null || row.value === undefined ? '' : String(row.value);
}

const BikeRow = memo(function BikeRow({ row, canEdit, onEdit }: { row: RowState; canEdit: boolean; onEdit: (edit: Edit) => void }) {
  const editable = canEdit && row.isEditable && row.widget !== 'readonly';
  return (
    // A row's own <form> as on the car's review (ReviewRow), without a box; the row inside is the named group.
    <form onSubmit={(e) => e.preventDefault()} className="row-form">
      <div className={`bike-row${row.checked ? ' checked' : ''}${row.isValid ? '' : ' invalid'}`} role="group" aria-label={row.text} data-key={row.key} tabIndex={-1}>
        <input type="checkbox" aria-label={`Reject ${row.text}`} checked={row.checked} disabled={!canEdit || row.isDisabled} onChange={(e) => onEdit({ type: 'check', key: row.key, checked: e.target.checked })} />
        <span className="row-title">{row.text}</span>
        <span className="row-value" title="Recorded value">
          {recorded(row)}
        </span>
        <span className="row-editor">
          {editable ? (
            <RowEditor row={row} disabled={false} onEdit={onEdit} />
          ) : row.newValue !== undefined ? (
            <span className="corrected">Corrected: {row.newValues ? row.newValues.join(', ') : String(row.newValue ?? '')}</span>
          ) : null}
        </span>
        <RowMessages row={row} />
      </div>
    </form>
  );
});

type Replace = (row: RowState, file: File) => Promise<void>;

const MediaTile = memo(function MediaTile({ row, canEdit, onEdit, onReplace }: { row: RowState; canEdit: boolean; onEdit: (edit: Edit) => void; onReplace: Replace }) {
  const media = row.image as BikeImage;
  return (
    <div className={`media-tile${row.checked ? ' checked' : ''}`} role="group" aria-label={row.text} data-key={row.key} tabIndex={-1}>
      {media.mediaType === 'video' ? (
        <video src={media.url} controls preload="metadata" aria-label={row.text} />
      ) : (
        <LinkedImage src={media.url} alt={row.text} href={media.url} />
      )}
      <div className="tile-caption">
        <label>
          <input type="checkbox" aria-label={`Reject ${row.text}`} checked={row.checked} disabled={!canEdit || row.isDisabled} onChange={(e) => onEdit({ type: 'check', key: row.key, checked: e.target.checked })} />{' '}
          {row.text}
        </label>
        {canEdit && media.mediaType === 'image' && <ImageUpload className="replace-image" label="Replace image" name={`Replace ${row.text}`} onFile={(file) => onReplace(row, file)} />}
      </div>
    </div>
  );
});

/** The visible rows of a tab in config order, consecutive media of a group as one grid. */
function TabContent({ model, tab, canEdit, onEdit, onReplace }: { model: ReviewModel; tab: string; canEdit: boolean; onEdit: (edit: Edit) => void; onReplace: Replace }) {
  const items: ({ kind: 'row'; row: RowState } | { kind: 'media'; group: string; rows: RowState[] })[] = [];
  for (const key of model.order) {
    const row = model.rows[key];
    if (row.tab !== tab || !row.isVisible) continue;
    if (row.kind === 'image') {
      const group = key.split(':')[0];
      const last = items[items.length - 1];
      if (last?.kind === 'media' && last.group === group) last.rows.push(row);
      else items.push({ kind: 'media', group, rows: [row] });
    } else items.push({ kind: 'row', row });
  }
  const { config } = useProduct();
  if (!items.length) return <p className="muted">Nothing to review here</p>;
  return (
    <>
      {items.map((item) =>
        item.kind === 'row' ? (
          <BikeRow key={item.row.key} row={item.row} canEdit={canEdit} onEdit={onEdit} />
        ) : (
          <section key={item.group} className="media-grid" aria-label={config.rows.find((r) => r.key === item.group)?.text ?? item.group}>
            {item.rows.map((r) => (
              <MediaTile key={r.key} row={r} canEdit={canEdit} onEdit={onEdit} onReplace={onReplace} />
            ))}
          </section>
        ),
      )}
    </>
  );
}

export default function BikeReviewScreen() {
  const session = useSession();
  const { appointmentId = '' } = useParams();
  const [search] = useSearchParams();
  const versionParam = search.get('version');
  const version = versionParam !== null && /^\d+$/.test(versionParam) ? Number(versionParam) : undefined;
  return session ? <BikeReview key={`${appointmentId}:${versionParam ?? ''}`} session={session} appointmentId={appointmentId} version={version} /> : null;
}

function BikeReview({ session, appointmentId, version }: { session: LoginData; appointmentId: string; version?: number }) {
  const [detail, setDetail] = useState<BikeDetail | null>(null);
  const [mediaConfig, setMediaConfig] = useState<BikeMediaConfig | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const [d, m] = await Promise.all([fetchBike(appointmentId, version), fetchBikeMediaConfig()]);
      setDetail(d);
      setMediaConfig(m);
    } catch (e) {
      setError(errorDetail(e, 'The bike could not be loaded'));
    }
  }, [appointmentId, version]);
  useEffect(() => {
    void load();
  }, [load]);

  if (error) return <main className="page bike-review"><p role="alert" className="error">{error}</p></main>;
  if (!detail || !mediaConfig) return <main className="page bike-review"><Loading className="muted" /></main>;
  return <LoadedBikeReview session={session} detail={detail} mediaConfig={mediaConfig} version={version} setDetail={setDetail} reload={load} />;
}

/** What a draft keeps of a bike review: the engine edits, in order. */
interface BikeDraft {
  edits: Edit[];
}

function parseBikeDraft(stored: unknown): BikeDraft | null {
  const edits = storedEdits((stored as { edits?: unknown } | null)?.edits);
  return edits.length ? { edits } : null;
}

interface LoadedProps {
  session: LoginData;
  detail: BikeDetail;
  mediaConfig: BikeMediaConfig;
  version?: number;
  setDetail: (detail: BikeDetail) => void;
  reload: () => Promise<void>;
}

function LoadedBikeReview({ session, detail, mediaConfig, version, setDetail, reload }: LoadedProps) {
  const { engine, config } = useProduct();
  const tabs = config.product.tabs;
  const [tab, setTab] = useState<string>(tabs[0]);
  const mmvPanel = panelOf(config, 'makeModelVariant');
  const [submitted, setSubmitted] = useState(false);
  const appointmentId = detail.appointmentId;

  // What the server holds of the review (ticks and corrections a push stored) comes back as the opening edits.
  const held = useMemo(() => heldBikeReview(engine, detail, mediaConfig), [engine, detail, mediaConfig]);
  const inspection = held.inspection;
  const [seed] = useState(held.seed);
  // The reviewer's edits are kept across reloads (assignment, make/model/variant): the model is re-derived from them.
  const [edits, setEdits] = useState<Edit[]>(seed);
  const model = useMemo(() => engine.evaluate(inspection, edits), [engine, inspection, edits]);
  const onEdit = useCallback((edit: Edit) => setEdits((list) => appendEdit(list, edit).edits), []);
  // A replaced image keeps its hashKey, so the reviewer's tick on it (and every other edit) survives the reload.
  const replaceImage = useCallback(
    async (row: RowState, file: File) => {
      const media = row.image as BikeImage;
      const type = detail.images.find((m) => m.hashKey === media.hashKey)?.type;
      if (!type) return;
      try {
        await uploadBikeImage(appointmentId, file, { type, title: media.title, hashKey: media.hashKey });
        await reload();
      } catch (e) {
        showError(errorDetail(e, 'The image could not be uploaded'));
      }
    },
    [appointmentId, detail, reload],
  );

  const isPast = version !== undefined || !detail.isLatest;
  const reviewable = !isPast && detail.status === 'READY_FOR_REVIEW';
  const canEdit = reviewable && sameEmail(detail.qcUser, session.email);

  // Edits not submitted yet are kept as a draft (issue 16), for the bike's QC user only.
  const payload = useMemo<BikeDraft | null>(() => (edits !== seed && edits.length ? { edits } : null), [edits, seed]);
  const applyDraft = useCallback((draft: BikeDraft | null) => setEdits(draft?.edits ?? seed), [seed]);
  const draft = useReviewDraft({
    draftKey: canEdit ? draftKey(session.email, appointmentId, 'bike') : null,
    version: `${detail.id}:${detail.version}:${detail.status}|${configVersion(engine)}`,
    payload,
    parse: parseBikeDraft,
    apply: applyDraft,
    done: submitted,
  });
  const onSubmitted = useCallback(() => setSubmitted(true), []);
  useLeaveGuard(canEdit && draft.unsaved);
  // While a draft is read (the bike just assigned on this page re-keys it) the page stays, its rows not editable yet:
  // an edit made then would be replaced by what the read hands back.
  const editable = canEdit && !draft.loading;

  // The row finder, next error and the review's shortcuts, as on the car's review (issue 16).
  const latest = useLatest({ model, tab });
  const candidates = useCallback(() => modelRows(latest().model), [latest]);
  const { jump, overlay, setOverlay, goToRow, nextErrorRow } = useRowNavigation({ rows: candidates, showGroup: setTab });
  useReviewKeys({
    shortcuts: BIKE_SHORTCUTS,
    rows: candidates,
    tab: () => latest().tab,
    goToRow,
    moveGroup: (delta) => setTab((shown) => stepGroup(tabs, shown, delta) ?? shown),
    openFinder: () => setOverlay('finder'),
    openHelp: () => setOverlay('help'),
    dialogOpen: () => overlay !== null || document.querySelector('[role=dialog]') !== null,
  });
  // A jump made while the rows wait for a draft's read (an assignment re-keys the draft) lands once they are back.
  useJumpFocus('.bike-review', jump, draft.loading ? null : tab);
  const assignedHere = useFocusAfterAssign(editable, () => {
    const first = rowsShown(candidates(), latest().tab)[0];
    if (first) goToRow(first.key);
  });

  // An update leaves nothing to update, so its button turns disabled and would drop the focus to the page's body: the
  // focus goes to the first row it changed, where the new value now shows and the review's keys go on.
  const onMmvUpdated = (updated: BikeDetail, changedRows: string[]) => {
    setDetail(updated);
    if (changedRows[0]) goToRow(changedRows[0]);
  };

  if (draft.opening) return <main className="page bike-review"><Loading className="muted" /></main>;
  const remarkLines = detail.cjRemark.split('\n').filter(Boolean);
  return (
    <main className="page bike-review">
      <header className="bike-header">
        {/* Title and actions on one line, the facts in two rows beside the CJ's remarks: at 1280×720 the first rows
            show without scrolling (the header used to take ~500 px). */}
        <div className="bike-title">
          <h1>Bike review {detail.appointmentId}</h1>
          <div className="bike-actions">
            {detail.pdfUrl && (
              <a href={detail.pdfUrl} target="_blank" rel="noreferrer">
                Bike PDF
              </a>
            )}
            {canAccess(session.role, '/bike-report') && (
              <Link to={`/bike-report/${detail.appointmentId}?version=${detail.version}`} target="_blank">
                {bikeScreens.texts.reportLink}
              </Link>
            )}
            {canEdit && (
              <button
                type="button"
                onClick={async () => {
                  try {
                    setDetail(await generateBikeReport(detail.appointmentId));
                  } catch (e) {
                    showError(errorDetail(e, 'The PDF could not be generated'));
                  }
                }}
              >
                Generate PDF
              </button>
            )}
            {reviewable && !detail.qcUser && (
              <button
                type="button"
                onClick={async () => {
                  try {
                    setDetail(await assignBike(detail.appointmentId, session.email));
                    assignedHere();
                  } catch (e) {
                    showError(errorDetail(e, 'The bike could not be assigned'));
                    void reload();
                  }
                }}
              >
                Assign to me
              </button>
            )}
          </div>
        </div>
        <div className="bike-facts">
          <dl>
            <div><dt>Version</dt><dd>{detail.version}</dd></div>
            <div><dt>Status</dt><dd data-testid="bike-status">{detail.status}</dd></div>
            <div><dt>Registration</dt><dd>{detail.regNo}</dd></div>
            <div><dt>Make / Model / Variant</dt><dd>{detail.make} / {detail.model} / {detail.variant}</dd></div>
            <div><dt>Inspection End</dt><dd>{bikeDate(detail.inspectionEndTime)}</dd></div>
            <div><dt>Inspected by</dt><dd>{detail.cjName}</dd></div>
            <div><dt>QC User</dt><dd>{detail.qcUser ?? 'Unassigned'}</dd></div>
          </dl>
          <div className="cj-remark">
            <strong>CJ Remarks</strong>
            {remarkLines.map((line, i) => (
              <p key={i}>{line}</p>
            ))}
          </div>
        </div>
        {!canEdit && <p className="muted read-only-note">{isPast ? 'A past version: read only.' : reviewable ? 'Read only: only the assigned QC user can edit and submit this bike.' : `Reviewed (${detail.status}): read only.`}</p>}
      </header>
      <DraftBar notice={draft.notice} onRestore={draft.restore} onDiscard={draft.discard} />
      {canEdit && mmvPanel && tab === mmvPanel.tab && <MakeModelVariantPanel detail={detail} rows={mmvPanel.rows} onEdit={onEdit} onUpdated={onMmvUpdated} />}
      <ReviewTabs tabs={tabs} selected={tab} onSelect={setTab} tools={<ReviewTools shortcuts={BIKE_SHORTCUTS} onNextError={nextErrorRow} onOpen={setOverlay} />} panelClassName="bike-tab">
        <div data-rows>
          <TabContent model={model} tab={tab} canEdit={editable} onEdit={onEdit} onReplace={replaceImage} />
        </div>
      </ReviewTabs>
      {editable && <SubmitBar detail={detail} model={model} onSubmitted={onSubmitted} />}
      <ReviewOverlays overlay={overlay} rows={candidates} shortcuts={BIKE_HELP} onClose={() => setOverlay(null)} goToRow={goToRow} />
    </main>
  );
}

function SubmitBar({ detail, model, onSubmitted }: { detail: BikeDetail; model: ReviewModel; onSubmitted: () => void }) {
  const navigate = useNavigate();
  // The config version the route loaded: the submit names it, so the server decides the status by the same rules.
  const { config, version: configVersion } = useProduct();
  const latestNavigate = useLatest(navigate);
  const [machine] = useState(() =>
    bikeSubmissionMachine.provide({
      actors: {
        pushData: fromPromise<unknown, BikePushBody>(({ input }) => pushBikeData(input)),
        submitStatus: fromPromise<unknown, BikeSubmitForm>(({ input }) => submitBikeStatus(input)),
      },
      actions: {
        showAlert: (_, params) => window.alert(params.alert),
        showSuccess: (_, params) => showSuccess(`Bike ${params.status}`),
        showError: (_, params) => showError(params.message),
        redirect: () => latestNavigate()('/inspection-bike'),
      },
    }),
  );
  // The machine takes its input once: the stored ticks are read from the loaded bike then, not on every keystroke's render.
  const [held] = useState(() => heldRejections(model, detail.inspectionData));
  const actor = useActorRef(machine, { input: { appointmentId: detail.appointmentId, bikeId: detail.bikeId, version: detail.version, config, configVersion, held } });
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const submitted = useSelector(actor, (s) => s.hasTag('submitted'));
  useEffect(() => {
    if (submitted) onSubmitted();
  }, [submitted, onSubmitted]);
  // Ctrl+Enter: the same event as the button, so the config's pre-submit checks run.
  useSubmitShortcut(() => {
    const request = { type: 'SUBMIT', model } as const;
    if (actor.getSnapshot().can(request)) actor.send(request);
  });
  return (
    <footer className="bike-footer">
      <button type="button" className="primary" disabled={busy || submitted} onClick={() => actor.send({ type: 'SUBMIT', model })}>
        {busy ? 'Submitting…' : 'Submit'}
      </button>
    </footer>
  );
}
