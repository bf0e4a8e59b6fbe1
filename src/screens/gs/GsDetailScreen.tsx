import { useEffect, useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/http.ts';
import { fetchDispositions, fetchGsDetail, type FlagTypeDispositions, type GsDetail, type GsImage } from '../../api/gs.ts';
import { useSession } from '../../session/useSession.ts';
import { flagTypeLabel, type UnflagConfig } from '../../products/gs-unflagging/unflag.ts';
import { useRulesProduct } from '../../products/ProductContext.tsx';
import { Carousel } from './Carousel.tsx';
import { UnflagActionBar } from './UnflagActionBar.tsx';
import { ReviewTools, ShortcutHelp } from '../review/RowFinder.tsx';
import { shortcutList, stepGroup, type ShortcutId } from '../review/shortcuts.ts';
import { useReviewKeys } from '../review/useReviewKeys.ts';
import { Loading } from '../../components/Loading.tsx';
import { imageSrcFor } from '../../components/image-src.ts';
import { LinkedImage, viewerHref } from '../../components/LinkedImage.tsx';
import './gs.css';

export const NOT_FOUND_TEXT = 'No flagged car was found at this address. Please open it from the GS Unflagging list.';
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** Zoom in a new tab (spec 002 §2): /view-image/{index}?url=. */
function ZoomImage({ image, index, caption, src }: { image: GsImage; index: number; caption?: string; src: (url: string) => string }) {
  const url = src(image.url);
  return (
    <figure className="gs-figure">
      <LinkedImage src={url} alt={image.title} href={viewerHref(index, url)} label={`Zoom ${image.title}`} />
      <figcaption>{caption ?? image.title}</figcaption>
    </figure>
  );
}

function NotFound() {
  return (
    <main className="page centered">
      <h1>Flagged car not found</h1>
      <p>{NOT_FOUND_TEXT}</p>
      <Link to="/gs-unflagging">Back to GS Unflagging</Link>
    </main>
  );
}

/** The detail page's shortcuts (issue 16): its sections, and Ctrl+Enter where the assignee has the action bar. */
const GS_TEXTS: Partial<Record<ShortcutId, string>> = {
  sections: 'Next / previous section; on a carousel ← → move its images',
  submit: 'Submit the chosen action (Reason and Disposition are checked first)',
};
const GS_SHORTCUTS: readonly ShortcutId[] = ['sections', 'help'];
const GS_ASSIGNEE_SHORTCUTS: readonly ShortcutId[] = ['sections', 'submit', 'help'];

/**
 * `]` / `[`: focus the next / previous section of the page (wrapping), or the carousel in it, so ← → scroll it.
 * The sections are the page's `[data-section]` elements in page order.
 */
function moveSection(delta: 1 | -1): void {
  const sections = [...document.querySelectorAll<HTMLElement>('.gs-detail [data-section]')];
  const here = sections.findIndex((s) => s.contains(document.activeElement));
  const next = sections[Number(stepGroup(sections.map((_, i) => String(i)), here < 0 ? null : String(here), delta))];
  if (!next) return;
  next.scrollIntoView({ block: 'start' });
  (next.querySelector<HTMLElement>('[aria-roledescription=carousel]') ?? next).focus();
}

/** A collapsible list of the car's recorded parts (title and value), as the header shows them in two groups. */
function PartList({ summary, parts, open = false }: { summary: string; parts: Record<string, { title: string; value: string }> | undefined; open?: boolean }) {
  return (
    <details open={open}>
      <summary>{summary}</summary>
      <dl>
        {Object.entries(parts ?? {}).map(([key, part]) => (
          <div key={key}>
            <dt>{part.title}</dt>
            <dd>{part.value}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

/** Yes/no icon from a lower-case 'yes' match (spec 002 §2). */
function YesNo({ value }: { value?: string }) {
  const yes = (value ?? '').toLowerCase() === 'yes';
  return (
    <span className={yes ? 'gs-yes' : 'gs-no'} role="img" aria-label={yes ? 'Yes' : 'No'}>
      {yes ? '✔' : '✘'}
    </span>
  );
}

/**
 * Spec 002 §8: a detail fetch that throws sets the 'Expection' text in state (the original's spelling). It is the state's
 * value only; the page shows a plain sentence instead.
 */
export const DETAIL_FETCH_FAILED = 'Expection';

/** The hard-beta mark as another backend may send it: only true, 'true' (any case) or 1 mean Hard Beta; 'false' does not. */
const isHardBeta = (value: unknown) => value === true || value === 1 || (typeof value === 'string' && value.trim().toLowerCase() === 'true');

/** A group of recorded parts without the parts sent as null. */
const presentParts = (parts: GsDetail['basicInfo']['important'] | null | undefined) => Object.fromEntries(Object.entries(parts ?? {}).filter(([, part]) => part != null));

/**
 * The detail in the shape the page reads. Another backend with the same contract may send the beta reason as one
 * text rather than a list, a comment group with no comments, a part or comment as null, or the hard-beta mark as
 * text: the page shows what is there.
 */
function readDetail(detail: GsDetail): GsDetail {
  const info = detail.basicInfo;
  const reasons: unknown = detail.otherInfo?.betaReason;
  return {
    ...detail,
    basicInfo: {
      ...info,
      comments: (info.comments ?? []).filter(Boolean).map((group) => ({ ...group, comments: (group.comments ?? []).filter(Boolean) })),
      important: presentParts(info.important),
      showLessImportant: presentParts(info.showLessImportant),
    },
    otherInfo: detail.otherInfo && {
      ...detail.otherInfo,
      betaReason: Array.isArray(reasons) ? reasons : typeof reasons === 'string' && reasons.trim() ? [reasons] : [],
      hardBeta: isHardBeta(detail.otherInfo.hardBeta),
    },
  };
}

/**
 * /gs-unflagging-details/{appointmentId}?leadToken= (spec 002 §2 'GS unflagging detail'), on the GS unflagging config
 * version its route loaded (issue 17).
 */
export function GsDetailScreen() {
  const { appointmentId = '' } = useParams();
  const [search] = useSearchParams();
  const leadToken = search.get('leadToken') ?? '';
  const session = useSession();
  const imageSrc = useMemo(() => imageSrcFor(session), [session]);
  const { config } = useRulesProduct<UnflagConfig>();
  const [data, setData] = useState<{ detail: GsDetail; etag: string | null } | null>(null);
  const [failure, setFailure] = useState<'notFound' | typeof DETAIL_FETCH_FAILED | null>(null);
  const [dispositions, setDispositions] = useState<FlagTypeDispositions[]>([]);
  const [help, setHelp] = useState(false);
  const acting = !!data && !!session && !!data.detail.assignedTo && data.detail.assignedTo.toLowerCase() === session.email.toLowerCase() && data.detail.status === 'pending';
  const shortcuts = acting ? GS_ASSIGNEE_SHORTCUTS : GS_SHORTCUTS;
  useReviewKeys({
    shortcuts,
    moveGroup: moveSection,
    openHelp: () => setHelp(true),
    dialogOpen: () => help || document.querySelector('[role=dialog]') !== null,
  });
  const valid = /^[0-9]+$/.test(appointmentId) && !!leadToken;

  useEffect(() => {
    if (!valid) {
      // Spec 002 §5: a non-numeric id is only logged; the page says plainly that there is nothing here.
      console.warn(`GS detail: wrong URL ${appointmentId}`);
      return;
    }
    let live = true;
    fetchGsDetail(appointmentId, leadToken).then(
      (result) => live && setData({ ...result, detail: readDetail(result.detail) }),
      (error: unknown) => live && setFailure(error instanceof ApiError && (error.status === 404 || error.status === 400) ? 'notFound' : DETAIL_FETCH_FAILED),
    );
    fetchDispositions().then((list) => live && setDispositions(list), () => undefined);
    return () => {
      live = false;
    };
  }, [appointmentId, leadToken, valid]);

  if (!valid || failure === 'notFound') return <NotFound />;
  if (failure === DETAIL_FETCH_FAILED) return <main className="page"><p role="alert">The flagged car could not be loaded. Please try again.</p></main>;
  if (!data) return <main className="page"><Loading /></main>;

  const { detail, etag } = data;
  const info = detail.basicInfo;
  const facts = { conditionFlag: detail.conditionFlag, hardBeta: !!detail.otherInfo?.hardBeta };
  const slider = [...detail.mainImages, ...detail.impMainImages];
  let zoomIndex = 0;

  return (
    <main className="page gs-detail">
      <header className="gs-detail-header">
        <h1>{`${detail.appointmentId} | New inspection`}</h1>
        {info.pdfUrl && (
          <a href={info.pdfUrl} target="_blank" rel="noreferrer">
            Inspection PDF
          </a>
        )}
        <ReviewTools shortcuts={shortcuts} onOpen={() => setHelp(true)} />
      </header>
      <p className="gs-subheader">
        {[info.make, info.model, info.year, MONTHS[info.month - 1] ?? '', info.variant, info.fuelType].filter(Boolean).join(' | ')}
        {' | '}
        <span>{`Scrap(${info.toBeScrapped})`}</span>
        {' | '}
        <span>{`Inspected by ${info.inspectionBy} (${info.cjNumber})`}</span>
      </p>

      {/* The slider keeps the spec's 500 px; the assignee's actions sit beside it, above the parts, so they are in
          the first screen of a laptop rather than below the slider. */}
      <div className="gs-top">
        <div data-section tabIndex={-1}>
          <Carousel label="Car images" perView={1} className="gs-slider">
            {slider.map((image, i) => (
              <img key={i} src={imageSrc(image.url)} alt={image.title} />
            ))}
          </Carousel>
        </div>
        <div className="gs-side">
          {acting && (
            <UnflagActionBar appointmentId={detail.appointmentId} conditionFlag={detail.conditionFlag} hardBeta={facts.hardBeta} etag={etag} dispositions={dispositions} user={session!.email} />
          )}
          <div className="gs-parts">
            <PartList summary="Show Important" parts={info.important} open />
            <PartList summary="Show Less Important" parts={info.showLessImportant} />
          </div>
        </div>
      </div>

      <section aria-labelledby="gs-flagging" data-section tabIndex={-1}>
        <h2 id="gs-flagging">Flagging Details</h2>
        <p>
          Flag Type: <strong>{flagTypeLabel(config, facts)}</strong>
        </p>
        {detail.otherInfo?.betaReason?.length ? (
          <ul aria-label="Flagging dispositions">
            {detail.otherInfo.betaReason.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        ) : null}
        <p>Weighted Rating: {detail.otherInfo?.weightedRating}</p>
      </section>

      <section aria-labelledby="gs-comments" data-section tabIndex={-1}>
        <h2 id="gs-comments">Comments</h2>
        {info.comments?.map((group) => (
          <div key={group.title}>
            <h3>{group.title}</h3>
            <ul>
              {group.comments.map((c, i) => (
                <li key={i}>{c.comment}</li>
              ))}
            </ul>
          </div>
        ))}
      </section>

      {/* Unnamed, so no landmark: the carousel in it is the region of that name (and takes the focus on `]`). */}
      <section data-section tabIndex={-1}>
        <h2>Main Images</h2>
        <Carousel label="Main Images" perView={6}>
          {detail.mainImages.map((image, i) => (
            <ZoomImage key={i} image={image} index={zoomIndex++} src={imageSrc} />
          ))}
        </Carousel>
      </section>

      <section aria-labelledby="gs-important" data-section tabIndex={-1}>
        <h2 id="gs-important">Important Images</h2>
        <div className="gs-grid">
          {detail.impMainImages.map((image, i) => (
            <ZoomImage key={i} image={image} index={zoomIndex++} src={imageSrc} />
          ))}
        </div>
      </section>

      {detail.gsNoGoImages.map((part) => (
        <section key={part.title} aria-label={`No-go part ${part.title}`} className="gs-nogo" data-section tabIndex={-1}>
          <h2>{part.title}</h2>
          {Object.entries(part.subParts ?? {}).map(([key, sub]) => (
            <div key={key}>
              <h3>
                {sub.title}: {sub.value} {sub.additionalInfo?.condition?.length ? `(${sub.additionalInfo.condition.join(', ')})` : ''}
              </h3>
              <div className="gs-grid">
                {(sub.additionalInfo?.image ?? []).map((image, i) => (
                  <ZoomImage key={i} image={image} index={zoomIndex++} src={imageSrc} />
                ))}
              </div>
              {(sub.additionalInfo?.video ?? []).map((video) => (
                <video key={video.url} className="gs-video" src={video.url} controls preload="metadata" aria-label={video.title} />
              ))}
            </div>
          ))}
        </section>
      ))}

      <section data-section tabIndex={-1}>
        <h2>All Other Photos</h2>
        <Carousel label="All Other Photos" perView={4}>
          {detail.additionalImages.map((image, i) => (
            <ZoomImage key={i} image={image} index={zoomIndex++} src={imageSrc} caption={[image.title, image.subPart, image.condition].filter(Boolean).join(' / ')} />
          ))}
        </Carousel>
      </section>

      <section aria-labelledby="gs-parts" data-section tabIndex={-1}>
        <h2 id="gs-parts">All Other Parts without Photos</h2>
        <table className="gs-table">
          <thead>
            <tr>
              <th scope="col">Part</th>
              <th scope="col">Sub-part</th>
              <th scope="col">Status</th>
              <th scope="col">Condition</th>
            </tr>
          </thead>
          <tbody>
            {detail.allOtherParts.map((part) => (
              <tr key={part.title}>
                <td>{part.title}</td>
                <td>{Object.values(part.subParts ?? {}).map((s) => s.title).join(', ')}</td>
                <td>
                  <YesNo value={part.value} />
                </td>
                <td>{part.additionalInfo?.condition?.join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {help && <ShortcutHelp shortcuts={shortcutList(shortcuts, GS_TEXTS)} onClose={() => setHelp(false)} />}
    </main>
  );
}

export default GsDetailScreen;
