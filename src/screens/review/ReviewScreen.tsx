/**
 * /review/{carId} and /re-inspection/{carId}?version= (spec 000 §2, §4): every row generated from the car config
 * and rendered from the engine's ReviewModel; only the assignee edits and submits, everyone else reads.
 */
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode, type RefObject } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise, waitFor, type ActorRefFrom } from 'xstate';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import dayjs from 'dayjs';
import type { InspectionDetail } from '../../products/car/inspection.ts';
import type { Edit, ReviewModel, RowState, Tab } from '../../engine/types.ts';
import { useProduct } from '../../products/ProductContext.tsx';
import { isDocumentGroup, panelsOn, showsDocumentPopup } from '../../engine/product.ts';
import type { RemarkTarget } from '../../api/review.ts';
import { editReview, hasUnsavedWork, reviewDraft, reviewMachine, reviewSubmission, type ReviewLoaded, type UploadRequest } from '../../machines/review.machine.ts';
import { draftActors } from '../../machines/review-draft.machine.ts';
import type { LoginData } from '../../api/session.ts';
import { saveRemark, setReviewStartTime, uploadImage } from '../../api/review.ts';
import { loadRegistry, loadReviewBasics } from '../../api/review-load.ts';
import { fetchInspection, submitReport } from '../../api/main.ts';
import { draftKey, indexedDbDrafts, type DraftStore } from '../../api/drafts.ts';
import { showError, showSuccess } from '../../components/toast.ts';
import { useSession } from '../../session/useSession.ts';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { DraftBar } from '../../components/DraftBar.tsx';
import { useFlushDraftOnHide } from '../../components/useReviewDraft.ts';
import { reviewAccess, type ReviewAccess } from './access.ts';
import type { ModelStore } from '../../engine/store.ts';
import { ModelContext, RowContext, useModel, type ReviewRowContext } from './context.ts';
import { useLeaveGuard } from '../../components/leave-guard.ts';
import { CustomerDocsPopup } from './CustomerDocsPopup.tsx';
import { ImageEditor } from './ImageEditor.tsx';
import type { ImageEdits, ImageSurface } from './image-edit.ts';
import { rejectionHistory, ReviewHeader } from './ReviewHeader.tsx';
import { RowList } from './RowList.tsx';
import { ReviewOverlays, ReviewTools } from './RowFinder.tsx';
import { CAR_SHORTCUTS, modelRows, rowsShown, shortcutList, stepGroup } from './shortcuts.ts';
import { useFocusAfterAssign, useReviewKeys, useRowNavigation } from './useReviewKeys.ts';
import { SubmitFooter } from './SubmitFooter.tsx';
import { SummaryTab } from './SummaryTab.tsx';
import { CountsContext, ReviewTabs } from './ReviewTabs.tsx';
import { VariantPanel } from './VariantPanel.tsx';
import type { AudioRecorder } from './audio.ts';
import { Loading } from '../../components/Loading.tsx';
import { imageSrcFor } from '../../components/image-src.ts';
import { RETRY_LINE } from '../../machines/error-detail.ts';
import './review.css';

const CAR_HELP = shortcutList(CAR_SHORTCUTS);

interface ScreenProps {
  /** Audio recording for remarks (tests pass a fake). */
  recorder?: () => AudioRecorder;
  recordingSupported?: boolean;
  /** What the image editor draws on (tests pass a fake; the browser uses a canvas). */
  imageSurface?: (canvas: HTMLCanvasElement) => ImageSurface;
  /** Where drafts are kept (IndexedDB; tests pass one in memory). */
  drafts?: DraftStore;
}

type ReviewActor = ActorRefFrom<typeof reviewMachine>;

/**
 * Loads what the rows need: the inspection and the app config flags, usually already started by the route's preload.
 * The registry data comes after the rows show (the machine's `loadRegistry`).
 */
async function loadReview(carId: string, role: string | null): Promise<ReviewLoaded> {
  const [inspection, config] = await loadReviewBasics(carId);
  return { inspection, registry: null, options: { role, duplicateKeyConfig: config.duplicateKeyConfig } };
}

/** The shared draft bar on the review's draft child (the draft machine every product uses), which also writes it as the page goes away. */
function ReviewDraftBar({ actor }: { actor: ReviewActor }) {
  const draft = useSelector(actor, (s) => s.children.draft);
  const notice = useSelector(draft, (s) => s?.context.notice ?? null);
  useFlushDraftOnHide(draft);
  if (!draft) return null;
  return <DraftBar notice={notice} onRestore={() => draft.send({ type: 'RESTORE' })} onDiscard={() => draft.send({ type: 'DISCARD' })} />;
}

/**
 * The parts of the screen that show the model read it through the ModelContext (the review machine's), each
 * re-rendering when what it reads changes: the screen itself does not re-render on a keystroke.
 */
function ModelView({ children }: { children: (model: ReviewModel) => ReactNode }) {
  return children(useModel((m) => m));
}

/** The tabs' error counts: a new record only when a count changes (the engine keeps it otherwise). */
function ModelCounts({ children }: { children: ReactNode }) {
  return <CountsContext.Provider value={useModel((m) => m.errorsCount)}>{children}</CountsContext.Provider>;
}

const valueOf = (row: RowState | undefined) => (row ? (row.newValue ?? row.value) : null);

/** The make/model/variant panel on its five rows. */
function ModelVariantPanel({ rows, canEdit, onEdit }: { rows: Record<'make' | 'model' | 'variant' | 'fuelType' | 'year', string>; canEdit: boolean; onEdit: (edit: Edit) => void }) {
  const row = (key: string) => (m: ReviewModel) => m.rows[key] as RowState | undefined;
  return (
    <VariantPanel
      make={useModel(row(rows.make), [rows.make])}
      model={useModel(row(rows.model), [rows.model])}
      variant={useModel(row(rows.variant), [rows.variant])}
      fuelType={useModel((m) => valueOf(m.rows[rows.fuelType]), [rows.fuelType])}
      year={useModel((m) => valueOf(m.rows[rows.year]), [rows.year])}
      canEdit={canEdit}
      onEdit={onEdit}
    />
  );
}

const documentImageRows = new WeakMap<ReviewModel['order'], boolean>();
/** Whether the model has image rows of a document group; by its row order, which an edit keeps (a rebuild makes a new one). */
function hasDocumentImageRows(m: ReviewModel, config: ReviewModel['config']): boolean {
  let found = documentImageRows.get(m.order);
  if (found === undefined) {
    found = m.order.some((k) => m.rows[k].kind === 'image' && isDocumentGroup(config, k.slice(0, k.indexOf(':'))));
    documentImageRows.set(m.order, found);
  }
  return found;
}

/** The review screen of a loaded inspection. */
function Review({ actor, store, inspection, session, access, assignPending, recorder, recordingSupported, imageSurface }: ScreenProps & {
  actor: ReviewActor;
  /** Set by this page's 'Assign to me'; kept by the route, as the review remounts while it reloads. */
  assignPending: RefObject<boolean>;
  /** The machine's model, which the screen's parts subscribe to (ModelContext). */
  store: ModelStore;
  inspection: InspectionDetail;
  session: LoginData;
  access: ReviewAccess;
}) {
  const tab = useSelector(actor, (s) => s.context.tab);
  const isCritical = useSelector(actor, (s) => s.context.isCritical);
  const isDummy = useSelector(actor, (s) => s.context.isDummy);
  const onEdit = useCallback((edit: Edit) => editReview(actor, edit), [actor]);
  const setTab = useCallback((next: string) => actor.send({ type: 'SET_TAB', tab: next as Tab }), [actor]);
  const reload = useCallback(() => actor.send({ type: 'RELOAD' }), [actor]);
  const remarkText = useCallback((key: string) => actor.getSnapshot().context.remarks[key] ?? '', [actor]);
  const onRemarkText = useCallback((key: string, text: string) => actor.send({ type: 'REMARK_TEXT', key, text }), [actor]);
  const submission = useSelector(actor, (s) => s.children.submission);
  // An edit changes the model, not the machine's snapshot: the model's store tells the screen when edits appear.
  const edited = useSyncExternalStore(store.subscribe, () => (store.getModel().edits?.length ?? 0) > 0);
  const unsaved = useSelector(actor, (s) => s.hasTag('editing') && !s.hasTag('submitted') && (edited || hasUnsavedWork(s.context)));
  const confirmLeave = useLeaveGuard(unsaved);
  const [reviewStartTime] = useState(() => dayjs().format('YYYY-MM-DD HH:mm:ss'));
  const urls = useSelector(actor, (s) => s.context.urls);
  const [editing, setEditing] = useState<RowState | null>(null);
  // Goes to a row in any tab: switches the tab, scrolls the row into view and focuses its first control.
  const candidates = useCallback(() => modelRows(store.getModel()), [store]);
  const { jump, overlay, setOverlay, goToRow, nextErrorRow } = useRowNavigation({ rows: candidates, showGroup: (group) => setTab(group as Tab) });
  useReviewKeys({
    shortcuts: CAR_SHORTCUTS,
    rows: candidates,
    tab: () => actor.getSnapshot().context.tab,
    goToRow,
    moveGroup: (delta) => {
      const next = stepGroup(store.getModel().config.product.tabs, actor.getSnapshot().context.tab, delta);
      if (next) setTab(next as Tab);
    },
    openFinder: () => setOverlay('finder'),
    openHelp: () => setOverlay('help'),
    dialogOpen: () => overlay !== null || editing !== null || document.querySelector('[role=dialog]') !== null,
  });
  // The shown tab's first row takes the focus after an assignment and after the customer documents are confirmed.
  const focusFirstRow = useCallback(() => {
    const first = rowsShown(candidates(), actor.getSnapshot().context.tab)[0];
    if (first) goToRow(first.key);
  }, [candidates, actor, goToRow]);
  const assignedHere = useFocusAfterAssign(access.canEdit, focusFirstRow, assignPending);
  const onAssigned = useCallback(() => {
    assignedHere();
    reload();
  }, [assignedHere, reload]);
  // The Rejection History is the remarks the inspection came with: computed once, not on every keystroke.
  const [history] = useState(() => rejectionHistory(store.getModel()));

  useEffect(() => {
    // Best effort: the server records when the assignee opened the review.
    if (access.canEdit) setReviewStartTime(inspection.carId).catch(() => undefined);
  }, [access.canEdit, inspection.carId]);

  const imageSrc = useMemo(() => imageSrcFor(session), [session]);
  const { carId, appointmentId, inspectionStatus } = inspection;
  const remarkTarget = useCallback(
    (row: RowState): RemarkTarget => ({
      carId,
      section: row.section,
      part: row.part,
      ...(row.subPart ? { subPart: row.subPart } : {}),
      ...(row.kind === 'image' && row.image ? { hashKey: row.image.hashKey } : {}),
      role: session.role,
      user: session.email,
    }),
    [carId, session.role, session.email],
  );
  // Uploads are the review machine's: it builds the request, calls the server, marks a masked picture and rebuilds
  // from the stored inspection. The row or editor that asked waits for the outcome.
  const upload = useCallback(
    async (request: UploadRequest) => {
      actor.send({ type: 'UPLOAD', request });
      const done = await waitFor(actor, (s) => !s.hasTag('uploading'));
      return done.context.upload;
    },
    [actor],
  );
  const uploadRowImage = useCallback(
    async (key: string, file: File) => {
      await upload({ kind: 'rowImage', key, file });
    },
    [upload],
  );
  const rowContext = useMemo<ReviewRowContext>(
    () => ({ canEdit: access.canEdit, appointmentId, onEdit, remarkTarget, editImage: setEditing, uploadRowImage, recorder, recordingSupported, imageSrc, remarkText, onRemarkText, review: actor }),
    [access.canEdit, appointmentId, onEdit, remarkTarget, uploadRowImage, recorder, recordingSupported, imageSrc, remarkText, onRemarkText, actor],
  );

  const uploadEdited = useCallback(
    async (file: Blob, edits: ImageEdits) => {
      const result = await upload({ kind: 'editedImage', key: (editing as RowState).key, file, pointerCount: edits.masks.length, isTilted: edits.rotation !== 0 });
      if (!result?.url) throw new Error(result?.error ?? RETRY_LINE);
      return { url: result.url };
    },
    [editing, upload],
  );

  const { config } = useProduct().engine;
  const hasDocumentImages = useModel((m) => hasDocumentImageRows(m, config));
  const docUploadedByCx = Boolean((inspection as InspectionDetail & { delayAuction?: { isDocUploadedByCX?: boolean } }).delayAuction?.isDocUploadedByCX);
  const docsPopup =
    !access.isVersionView &&
    showsDocumentPopup(config, { status: inspectionStatus, isAssignee: access.isAssignee, hasCustomerDocuments: docUploadedByCx, hasDocumentImages });
  // The tab's panels come from the product config (the car's: make/model/variant on Documents, the tables on SUMMARY).
  const panels = panelsOn(config, tab);
  const hasSummary = panels.some((p) => p.kind === 'summary');

  return (
    <RowContext.Provider value={rowContext}>
      <main className={`page review${access.canSubmit ? ' with-footer' : ''}`}>
        <ReviewHeader inspection={inspection} history={history} access={access} user={session.email} role={session.role} onAssigned={onAssigned} onTaken={reload} confirmLeave={confirmLeave} />
        <ReviewDraftBar actor={actor} />
        {docsPopup && <CustomerDocsPopup appointmentId={appointmentId} leadToken={inspection.leadToken} user={session.email} imageSrc={imageSrc} onConfirmed={focusFirstRow} />}
        <ModelCounts>
          <ReviewTabs
            tabs={config.product.tabs}
            selected={tab}
            onSelect={setTab}
            counted
            tools={<ReviewTools shortcuts={CAR_SHORTCUTS} onNextError={nextErrorRow} onOpen={setOverlay} />}
            panelClassName={`tab-panel${hasSummary ? '' : ' fill'}`}
          >
            {panels.map((panel) => {
              switch (panel.kind) {
                case 'makeModelVariant':
                  return <ModelVariantPanel key={panel.kind} rows={panel.rows} canEdit={access.canEdit} onEdit={onEdit} />;
                case 'summary':
                  return (
                    <ModelView key={panel.kind}>
                      {(model) => <SummaryTab model={model} inspection={inspection} canEdit={access.canEdit} onGoToRow={goToRow} />}
                    </ModelView>
                  );
                default: {
                  const never: never = panel;
                  return never;
                }
              }
            })}
            {/* A summary tab's own rows (the car's re-inspection question) follow its tables; having none is not 'No results found'. */}
            <RowList tab={tab} urls={urls} jump={jump} empty={hasSummary ? null : undefined} />
          </ReviewTabs>
        </ModelCounts>
        {access.canSubmit && submission && (
          <SubmitFooter
            submission={submission}
            config={config}
            currentModel={store.getModel}
            inspection={inspection}
            reviewStartTime={reviewStartTime}
            isCritical={isCritical}
            isDummy={isDummy}
            showDummy={!access.isVersionView}
            onCritical={(value) => actor.send({ type: 'SET_CRITICAL', value })}
            onDummy={(value) => actor.send({ type: 'SET_DUMMY', value })}

          />
        )}
        <ReviewOverlays overlay={overlay} rows={candidates} shortcuts={CAR_HELP} onClose={() => setOverlay(null)} goToRow={goToRow} />
        {editing && (
          <ImageEditor
            row={editing}
            src={imageSrc(String(editing.value ?? editing.image?.url ?? ''))}
            upload={uploadEdited}
            surfaceFactory={imageSurface}
            // The machine already took the upload's url, mask and refresh.
            onDone={() => setEditing(null)}
          />
        )}
      </main>
    </RowContext.Provider>
  );
}

/** One review, for the life of one carId: a new carId is a new machine. */
function ReviewRoute({ carId, session, versionStatus, drafts = indexedDbDrafts, ...props }: ScreenProps & { carId: string; session: LoginData; versionStatus: string | null }) {
  const { engine, version } = useProduct();
  const navigate = useNavigate();
  // Provided once for the review's life, not in every render: `provide` builds a whole new machine (each state node
  // and transition), three here, of which @xstate/react runs only the first (issue 18 'Load': 9 built during a load).
  // What these implementations read does not change while the route is open (the session, the product's version).
  const [machine] = useState(() =>
    reviewMachine.provide({
      actors: {
        loadReview: fromPromise(({ input }) => loadReview(input.carId, session.role)),
        loadRegistry: fromPromise(({ input }) => loadRegistry(input.appointmentId)),
        refreshInspection: fromPromise(({ input }) => fetchInspection(input.carId)),
        uploadImage: fromPromise(({ input }) => uploadImage(input.file, input.fields)),
        uploadAudioRemark: fromPromise(({ input }) => saveRemark(input)),
        draft: reviewDraft.provide({ actors: draftActors(drafts) }),
        submission: reviewSubmission.provide({
          actors: { submitReview: fromPromise(({ input }) => submitReport(input.carId, input.payload, version)) },
          actions: {
            // The engine's alert already lists the failing fields, one per line.
            showAlert: (_, params) => window.alert(params.alert),
            showSuccess: (_, params) => showSuccess(params.message),
            showError: (_, params) => showError(params.message),
            navigateToList: () => navigate('/inspection'),
          },
        }),
      },
      actions: {
        showUploaded: (_, params) => showSuccess(params.message),
        showUploadError: (_, params) => showError(params.message),
        showRemarkError: (_, params) => window.alert(params.message),
      },
    }),
  );
  const actor = useActorRef(machine, {
    input: {
      carId,
      engine,
      role: session.role,
      canEdit: (inspection) => reviewAccess(engine.config, inspection, session.email, versionStatus).canEdit,
      draftKey: draftKey(session.email, carId),
    },
  });
  const assignPending = useRef(false);
  const failed = useSelector(actor, (s) => (s.hasTag('failed') ? s.context.error : null));
  const inspection = useSelector(actor, (s) => (s.hasTag('ready') ? s.context.inspection : null));
  // The model's store, one per load, not the model: the screen's parts subscribe to what they show of it.
  const store = useSelector(actor, (s) => s.context.store);
  const access = useMemo(
    () => (inspection ? reviewAccess(engine.config, inspection, session.email, versionStatus) : null),
    [engine.config, inspection, session.email, versionStatus],
  );

  if (failed !== null) {
    return (
      <main className="page">
        <ErrorPanel detail={failed} />
      </main>
    );
  }
  if (!inspection || !store || !access) {
    return (
      <main className="page">
        <Loading />
      </main>
    );
  }
  return (
    <ModelContext.Provider value={store}>
      <Review key={inspection.carId} {...props} actor={actor} store={store} inspection={inspection} session={session} access={access} assignPending={assignPending} />
    </ModelContext.Provider>
  );
}

export default function ReviewScreen(props: ScreenProps = {}) {
  const { carId = '' } = useParams();
  const session = useSession();
  const location = useLocation();
  const versionStatus = (location.state as { inspectionStatus?: string } | null)?.inspectionStatus ?? null;
  if (!session) {
    return (
      <main className="page">
        <Loading />
      </main>
    );
  }
  return <ReviewRoute key={`${carId}|${session.email}|${versionStatus}`} {...props} carId={carId} session={session} versionStatus={versionStatus} />;
}
