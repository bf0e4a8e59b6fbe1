import { memo, useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Label } from 'react-aria-components/Label';
import { Switch } from 'react-aria-components/Switch';
import { TextArea } from 'react-aria-components/TextArea';
import { TextField } from 'react-aria-components/TextField';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { fetchRefurbishment, fetchRefurbishmentVersion, fetchRefurbishmentVersions, submitRefurbishment, type RefurbDetail, type RefurbItem, type RefurbMedia } from '../../api/refurbishment.ts';
import type { LoginData } from '../../api/session.ts';
import { plainDetail, refurbishmentMachine, type RefurbishmentSubmitPayload } from '../../machines/refurbishment.machine.ts';
import { REFURBISHMENT_TEXTS, isEditable, showsAfterRef, storedVerdicts, verdictSection, type RefurbishmentConfig, type RemarkEntry } from '../../machines/refurbishment.rules.ts';
import { useRulesProduct } from '../../products/ProductContext.tsx';
import { showError, showSuccess } from '../../components/toast.ts';
import { useSession } from '../../session/useSession.ts';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { DraftBar } from '../../components/DraftBar.tsx';
import { useReviewDraft } from '../../components/useReviewDraft.ts';
import { draftKey } from '../../api/drafts.ts';
import { configFingerprint } from '../../machines/review-draft.machine.ts';
import { useLeaveGuard } from '../../components/leave-guard.ts';
import { ReviewOverlays, ReviewTools } from '../review/RowFinder.tsx';
import { sectionStart, shortcutList, type CandidateRow } from '../review/shortcuts.ts';
import { useJumpFocus, useReviewKeys, useRowNavigation, useSubmitShortcut } from '../review/useReviewKeys.ts';
import { refurbishmentRows, refurbishmentShortcuts, rejectToggle, REFURBISHMENT_SHORTCUT_TEXTS } from './rows.ts';
import { rupees } from './money.ts';
import { useLatest } from '../../components/useLatest.ts';
import { Loading } from '../../components/Loading.tsx';
import { LinkedImage, viewerHref } from '../../components/LinkedImage.tsx';
import './refurbishment.css';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

type Load = { status: 'loading' } | { status: 'error'; message: string } | { status: 'done'; detail: RefurbDetail };

/**
 * /gs-refurbishment-review/{appointmentId}[?version=&status=] (spec 001 §2 'GS refurbishment review'), on the
 * refurbishment config version its route loaded (issue 17), which the review keeps until it is submitted.
 */
export function RefurbishmentReviewScreen() {
  const session = useSession();
  const { appointmentId = '' } = useParams();
  const [search] = useSearchParams();
  const version = search.get('version');
  const status = search.get('status');
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const key = `${appointmentId}|${version}|${status}`;
  const [shownFor, setShownFor] = useState(key);
  if (shownFor !== key) {
    setShownFor(key);
    setLoad({ status: 'loading' });
  }

  useEffect(() => {
    let cancelled = false;
    const request = version ? versionDetail(appointmentId, Number(version), status) : fetchRefurbishment(appointmentId);
    request.then(
      (detail) => !cancelled && setLoad(detail ? { status: 'done', detail: readDetail(detail) } : { status: 'error', message: REFURBISHMENT_TEXTS.versionsEmpty }),
      (error: unknown) => !cancelled && setLoad({ status: 'error', message: plainDetail(error) }),
    );
    return () => {
      cancelled = true;
    };
  }, [appointmentId, version, status]);

  if (!session) return null;
  if (load.status === 'loading') return <main className="page"><Loading /></main>;
  if (load.status === 'error') return <main className="page"><ErrorPanel detail={load.message} /></main>;
  return <RefurbishmentReview key={key} session={session} detail={load.detail} versioned={version !== null} />;
}

/**
 * A version's detail (GET v2/refurbishment-version-detail asks for its status too). The versions page links both;
 * a link with the version alone (typed or shared: 001 §2 makes both optional) takes the status from the version list
 * rather than sending none, which the server refuses as a status it does not know. Null: the list has no such version.
 */
async function versionDetail(appointmentId: string, version: number, status: string | null): Promise<RefurbDetail | null> {
  if (status) return fetchRefurbishmentVersion(appointmentId, status, version);
  const found = (await fetchRefurbishmentVersions(appointmentId)).find((row) => row.version === version);
  return found ? fetchRefurbishmentVersion(appointmentId, found.status, version) : null;
}

/**
 * The detail in the shape the review reads. Another backend with the same contract may send an item's before side,
 * its image or video list, or the assignment as null: they read as an empty side (no media, 'NA', '-'), no media and
 * unassigned, as a missing after side already does.
 */
function readDetail(detail: RefurbDetail): RefurbDetail {
  const media = (list: RefurbMedia[] | null | undefined) => (Array.isArray(list) ? list : []);
  return {
    ...detail,
    qcAssignTo: { to: detail.qcAssignTo?.to ?? null },
    fields: (detail.fields ?? []).map((item) => ({
      ...item,
      beforeRef: { ...item.beforeRef, image: media(item.beforeRef?.image), video: media(item.beforeRef?.video) },
    })),
  };
}

/** The verdicts stored on the section a refurbishment in this status is reviewed on. */
function storedEntries(config: RefurbishmentConfig, detail: RefurbDetail): RemarkEntry[] {
  const section = verdictSection(config, detail.status);
  return detail.fields.flatMap((item) => {
    const side = item[section];
    const qcRemark = side?.qcRemark ?? '';
    const isRejected = side?.isRejected === 1 ? 1 : 0;
    return qcRemark || isRejected ? [{ hashKey: item.hashKey, qcRemark, isRejected }] : [];
  });
}

/** What a draft keeps of a refurbishment review: its verdicts. */
interface RefurbDraft {
  entries: RemarkEntry[];
}

const sameEntries = (a: readonly RemarkEntry[], b: readonly RemarkEntry[]) => JSON.stringify(a) === JSON.stringify(b);

function RefurbishmentReview({ session, detail, versioned }: { session: LoginData; detail: RefurbDetail; versioned: boolean }) {
  const navigate = useNavigate();
  const { config, version: configVersion } = useRulesProduct<RefurbishmentConfig>();
  const [stored] = useState(() => storedEntries(config, detail));
  const latest = useLatest(navigate);
  const [machine] = useState(() =>
    refurbishmentMachine.provide({
      actors: { submitReview: fromPromise<{ status: string }, RefurbishmentSubmitPayload>(({ input }) => submitRefurbishment(input)) },
      actions: {
        showSuccess: (_, { status }) => showSuccess(`Refurbishment review submitted (${status})`),
        showError: (_, { message }) => showError(message),
        navigateToList: () => latest()('/gs-refurbishment'),
      },
    }),
  );
  const actor = useActorRef(machine, {
    input: {
      appointmentId: detail.appointmentId,
      status: detail.status,
      version: detail.version,
      user: session.email,
      assignee: detail.qcAssignTo.to,
      versioned,
      entries: stored,
      config,
      configVersion,
    },
  });
  const entries = useSelector(actor, (s) => s.context.entries);
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'SUBMIT' }));
  const busy = useSelector(actor, (s) => s.hasTag('busy') || s.hasTag('done'));
  const done = useSelector(actor, (s) => s.hasTag('done'));
  // SUBMIT is shown only for the assigned QC in the unversioned view (spec 001 §2, §5).
  const editable = isEditable(config, { assignee: detail.qcAssignTo.to, user: session.email, versioned, status: detail.status });
  // Verdicts not submitted yet are kept as a draft (issue 16); only the assignee's editable view keeps one.
  const payload = useMemo<RefurbDraft | null>(() => (sameEntries(entries, stored) ? null : { entries }), [entries, stored]);
  const apply = useCallback((draft: RefurbDraft | null) => actor.send({ type: 'SET_ENTRIES', entries: draft?.entries ?? stored }), [actor, stored]);
  const parse = useCallback(
    (draft: unknown): RefurbDraft | null => {
      const entries = storedVerdicts((draft as { entries?: unknown } | null)?.entries, detail.fields.map((f) => f.hashKey));
      return entries && { entries };
    },
    [detail.fields],
  );
  const draft = useReviewDraft({
    draftKey: editable ? draftKey(session.email, detail.appointmentId, 'refurbishment') : null,
    version: `${detail.appointmentId}:${detail.version}:${detail.status}|${configFingerprint(config)}`,
    payload,
    parse,
    apply,
    done,
  });
  useLeaveGuard(editable && draft.unsaved);
  // The review keyboard (issue 16): the items are its rows, their categories its sections; only the shortcuts
  // whose action this view has are bound and listed.
  const rows = useMemo(() => refurbishmentRows(detail.fields, entries), [detail.fields, entries]);
  const candidates = useLatest(rows);
  const shortcuts = useMemo(() => refurbishmentShortcuts(editable), [editable]);
  const { jump, overlay, setOverlay, goToRow, nextErrorRow } = useRowNavigation({ rows: candidates });
  useReviewKeys({
    shortcuts,
    rows: candidates,
    goToRow,
    moveGroup: (delta, from) => {
      const row = sectionStart(candidates(), from, delta);
      if (row) goToRow(row.key);
    },
    openFinder: () => setOverlay('finder'),
    openHelp: () => setOverlay('help'),
    dialogOpen: () => overlay !== null || document.querySelector('[role=dialog]') !== null,
  });
  useJumpFocus('.refurb-review', jump, undefined, rejectToggle);
  // Ctrl+Enter submits as SUBMIT does (the machine's guard still decides).
  useSubmitShortcut(() => actor.send({ type: 'SUBMIT' }), editable);
  const onRemark = useCallback((hashKey: string, qcRemark: string) => actor.send({ type: 'REMARK', hashKey, qcRemark }), [actor]);
  const onToggle = useCallback((hashKey: string) => actor.send({ type: 'TOGGLE_REJECT', hashKey }), [actor]);
  if (draft.loading) return <main className="page"><Loading /></main>;
  const afterShown = showsAfterRef(config, detail.status);
  const section = verdictSection(config, detail.status);
  const entryOf = (hashKey: string) => entries.find((e) => e.hashKey === hashKey);

  return (
    <main className="page refurb-review">
      <header>
        <p className="muted">Appointment ID: <strong>{detail.appointmentId}</strong></p>
        <h1>{config.texts.title}</h1>
        {detail.gsReInspectionReason && <p className="refurb-reason">Re-inspection reason: {detail.gsReInspectionReason}</p>}
        <dl className="refurb-facts">
          <Fact label="Make" value={detail.make} />
          <Fact label="Model" value={detail.model} />
          <Fact label="Year" value={String(detail.year)} />
          <Fact label="Month" value={MONTHS[detail.month - 1] ?? String(detail.month)} />
          <Fact label="Variant" value={detail.variant} />
          <Fact label="Fuel Type" value={detail.fuelType} />
          <Fact label="Service Centre" value={detail.serviceCenter} />
          {versioned && <Fact label="Version" value={`${detail.version} (${detail.status})`} />}
        </dl>
      </header>
      <DraftBar notice={draft.notice} onRestore={draft.restore} onDiscard={draft.discard} record="refurbishment" />
      <div className="refurb-tools">
        <ReviewTools shortcuts={shortcuts} onNextError={nextErrorRow} onOpen={setOverlay} nextError="Next rejected item" />
      </div>
      <div data-rows>
        {detail.fields.map((item) => (
          <Item
            key={item.hashKey}
            item={item}
            entry={entryOf(item.hashKey)}
            editable={editable && !busy}
            afterShown={afterShown}
            section={section}
            onRemark={onRemark}
            onToggle={onToggle}
            texts={config.texts}
            remarkMaxLength={config.remarkMaxLength}
          />
        ))}
      </div>
      <RejectedSummary rows={rows} onGoToRow={goToRow} />
      <ReviewOverlays overlay={overlay} rows={candidates} shortcuts={shortcutList(shortcuts, REFURBISHMENT_SHORTCUT_TEXTS)} onClose={() => setOverlay(null)} goToRow={goToRow} />
      <footer className="review-footer">
        <div className="refurb-totals">
          <span>Total Estimated Cost: {rupees(detail.totalEstimatedRefurbishmentCost)}</span>
          <span>Total Actual Cost: {rupees(detail.totalActualRefurbishmentCost)}</span>
        </div>
        {editable && (
          <button type="button" className="primary" disabled={!canSubmit} onClick={() => actor.send({ type: 'SUBMIT' })}>
            SUBMIT
          </button>
        )}
      </footer>
    </main>
  );
}

/** The rejected items, each going to its item: the refurbishment review's errors summary. */
function RejectedSummary({ rows, onGoToRow }: { rows: readonly CandidateRow[]; onGoToRow: (key: string) => void }) {
  const rejected = rows.filter((r) => r.error);
  if (!rejected.length) return null;
  return (
    <section className="refurb-errors" aria-labelledby="refurb-errors-title">
      <h2 id="refurb-errors-title">Errors Summary: {rejected.length} rejected</h2>
      <ul>
        {rejected.map((row) => (
          <li key={row.key}>
            <button type="button" className="link" onClick={() => onGoToRow(row.key)}>
              {row.group} / {row.title}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function Media({ images, videos, label }: { images: RefurbMedia[]; videos: RefurbMedia[]; label: string }) {
  if (!images.length && !videos.length) return null;
  return (
    <div className="refurb-media">
      {images.map((image, index) => (
        // Images open full size in the image viewer, in a new tab (as the car review's images do).
        <LinkedImage key={`${index}:${image.url}`} src={image.url} alt={`${label}: ${image.title}`} href={viewerHref(index, image.url)} />
      ))}
      {videos.map((video) => (
        <video key={video.url} src={video.url} controls preload="metadata" aria-label={`${label}: ${video.title}`} />
      ))}
    </div>
  );
}

interface ItemProps {
  item: RefurbItem;
  entry: RemarkEntry | undefined;
  editable: boolean;
  afterShown: boolean;
  section: 'beforeRef' | 'afterRef';
  onRemark: (hashKey: string, text: string) => void;
  onToggle: (hashKey: string) => void;
  texts: RefurbishmentConfig['texts'];
  remarkMaxLength: number;
}

/** One item; `data-key` makes it a row of the review keyboard, focusable itself when its controls are read-only. */
const Item = memo(function Item({ item, entry, editable, afterShown, section, onRemark, onToggle, texts, remarkMaxLength }: ItemProps) {
  const name = `${item.category} - ${item.subCategory}`;
  const itemNameId = useId();
  const before = item.beforeRef;
  const after = item.afterRef;
  // In refReview the box is for the after-refurbishment review; the earlier remark stays visible.
  const earlierRemark = section === 'afterRef' && before.qcRemark ? before.qcRemark : null;
  return (
    <section className={`refurb-item${entry?.isRejected ? ' rejected' : ''}`} aria-label={name} data-key={item.hashKey} tabIndex={-1}>
      <h2>{item.category} <span className="muted">/ {item.subCategory}</span></h2>
      <div className="refurb-side">
        <h3>Before Refurbishment</h3>
        <Media images={before.image} videos={before.video} label={`${item.subCategory} before refurbishment`} />
        <p>Comments: {before.observation || texts.noObservation}</p>
        <p>Estimated Cost: {rupees(before.estimatedRefurbishmentCost)}</p>
        {earlierRemark && <p className="muted">QC Remark (before refurbishment): {earlierRemark}{before.isRejected ? ' (rejected)' : ''}</p>}
      </div>
      {afterShown && (
        <div className="refurb-side">
          <h3>After Refurbishment</h3>
          <Media images={after?.image ?? []} videos={after?.video ?? []} label={`${item.subCategory} after refurbishment`} />
          <p>Comments: {after?.observation || texts.noObservation}</p>
          <p>Actual Cost: {rupees(after?.actualRefurbishmentCost)}</p>
        </div>
      )}
      <div className="refurb-qc">
        {/* Each item's comment and Reject say which item they are for (a screen reader's list of controls had a
            row of alike 'Reject's); the words on screen stay as they are. */}
        <span id={itemNameId} hidden>
          on {item.subCategory}
        </span>
        <TextField value={entry?.qcRemark ?? ''} onChange={(text) => onRemark(item.hashKey, text)} isDisabled={!editable} maxLength={remarkMaxLength} aria-labelledby={itemNameId}>
          <Label>QC Comment</Label>
          <TextArea data-remark />
        </TextField>
        <Switch className="refurb-toggle" isSelected={entry?.isRejected === 1} onChange={() => onToggle(item.hashKey)} isDisabled={!editable} aria-label={`Reject ${item.subCategory}`}>
          <span className="track" aria-hidden="true" />
          Reject
        </Switch>
      </div>
    </section>
  );
});

export default RefurbishmentReviewScreen;
