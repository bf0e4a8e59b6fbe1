/**
 * The config studio (issue 17, `/config-studio`): a product's config versions, an editor with the product's JSON
 * Schema and the engine's checks marked at their path, a live preview of the review screen the edited config
 * generates (with "add case from preview" and "why is this row so?"), the config's cases re-run in the browser on
 * every change, save / activate, and a diff by entry. The server runs the same checks (`npm run config:check`) and
 * gates saving. Its own lazy chunk (CodeMirror): the review routes do not load any of it.
 */
import CodeMirror, { EditorView } from '@uiw/react-codemirror';
import { jsonCompletion, jsonSchemaHover, stateExtensions } from 'codemirror-json-schema';
import { json, jsonLanguage } from '@codemirror/lang-json';
import { hoverTooltip } from '@codemirror/view';
import type { JSONSchema7 } from 'json-schema';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Button } from 'react-aria-components/Button';
import { Input } from 'react-aria-components/Input';
import { Label } from 'react-aria-components/Label';
import { TextField } from 'react-aria-components/TextField';
import { ApiError } from '../../api/http.ts';
import { errorStatus } from '../../machines/error-detail.ts';
import {
  activateConfigVersion,
  checkConfig,
  activeConfig,
  configVersion,
  configVersions,
  saveConfigVersion,
  studioProducts,
  studioSample,
  studioSamples,
  type ConfigCheck,
  type ConfigVersion,
  type StudioProductRow,
  type StudioSample,
} from '../../api/studio.ts';
import { showError, showSuccess } from '../../components/toast.ts';
import reviewSchema from '../../config/review-config.schema.json';
import { runCase } from '../../engine/cases.ts';
import { ConfigError, type ReviewConfigFile } from '../../engine/config.ts';
import { problemSentence } from '../../engine/config-place.ts';
import { dmyOf } from '../../engine/dates.ts';
import { appendEdit } from '../../engine/edit.ts';
import { parseConfigText, type Parsed } from './config-text.ts';
import { generateInspection } from '../../engine/generate.ts';
import type { InspectionDetail } from '../../products/car/inspection.ts';
import type { Edit, EvaluateOptions } from '../../engine/types.ts';
import type { Product } from '../../products/product.ts';
import { PRODUCTS, productFromConfig } from '../../products/registry.ts';
import { diffConfigs, type ConfigChange } from './diff.ts';
import { caseFromPreview } from './preview-case.ts';
import { Preview } from './Preview.tsx';
import { problemLint, showProblems, type PathProblem } from './problem-lint.ts';
import { Loading } from '../../components/Loading.tsx';
import { useLatest } from '../../components/useLatest.ts';
import { useSession } from '../../session/useSession.ts';
import { StudioDraftBar, type ActiveText } from './StudioDraft.tsx';
import './studio.css';

// The editable text itself is what a screen reader and the keyboard reach (the wrapper's aria-label names nothing
// there); an explicit tab stop keeps the scrolling editor reachable even while it is read-only.
// Tab indents inside the editor (the editor's default); CodeMirror lets Esc, then Tab, move on, which the hint says.
const EDITOR_HINT_ID = 'studio-editor-hint';
const EDITOR_HINT = 'Tab indents. To leave the editor by keyboard, press Esc, then Tab.';
const editorName = EditorView.contentAttributes.of({ 'aria-label': 'Config JSON', 'aria-describedby': EDITOR_HINT_ID, tabindex: '0' });

/**
 * The edited text is parsed, built and previewed this long after the last keystroke, never in the keystroke's own
 * task (issue 17: the preview follows a change within 100 ms); the server's check follows.
 */
const SETTLE_MS = 40;

/** What the browser makes of the settled text: the product it builds (the preview's), or why it does not build. */
type Built = { product: Product; problem: null } | { product: null; problem: PathProblem | null };

function build(productId: string, json: unknown): Built {
  const definition = PRODUCTS.get(productId);
  if (definition?.kind !== 'review') return { product: null, problem: null };
  try {
    return { product: productFromConfig(productId, json as ReviewConfigFile, null), problem: null };
  } catch (e) {
    if (e instanceof ConfigError) return { product: null, problem: { path: e.path || '/', message: e.message.slice(e.message.indexOf(': ') + 2) } };
    return { product: null, problem: { path: '/', message: 'The config cannot be built: fix the problems the schema marks first.' } };
  }
}

export const PREVIEW_FAILED = 'The preview cannot show this config: fix the problems marked in the text.';

/** In the preview's place, under its name. */
function PreviewFailed() {
  return (
    <section aria-label="Preview" className="studio-preview">
      <p role="alert">{PREVIEW_FAILED}</p>
    </section>
  );
}

/** An inspection generated from a config that built; one it cannot generate from is unpreviewable. */
const UNPREVIEWABLE = 'unpreviewable';
function generatedFor(product: Product): InspectionDetail | typeof UNPREVIEWABLE {
  try {
    return generateInspection<InspectionDetail>(product.config);
  } catch {
    return UNPREVIEWABLE;
  }
}

/** A case's problems on a config that built; one that cannot run there fails with that. */
function caseProblems(product: Product, c: Product['config']['cases'][number]): string[] {
  try {
    return runCase(product.engine, c, product.config);
  } catch {
    return ['The case cannot run on this config: fix the problems marked in the text.'];
  }
}

/**
 * codemirror-json-schema's `jsonSchema` bundle without its two linters: completion, hover docs and the schema state.
 * Its linters marked the schema library's own English ('Expected given value shw in rules.1.effect to be one of …')
 * and the browser's JSON message at the document's first character; `problemLint` marks every problem in plain words.
 */
function schemaAware(schema: JSONSchema7) {
  return [json(), jsonLanguage.data.of({ autocomplete: jsonCompletion() }), hoverTooltip(jsonSchemaHover()), stateExtensions(schema)];
}

function when(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}

function reasonOf(e: unknown): string {
  if (e instanceof ApiError) {
    const reasons = (e.body as { reasons?: unknown } | undefined)?.reasons;
    if (Array.isArray(reasons) && reasons.length) return `The server refused the config: ${reasons.join(' ')}`;
    // The studio says a config over the limit before sending; the server's 413 (a limit lowered since) says it too.
    if (e.status === 413) return `The config is too large for the server. ${e.message}`;
    return e.message;
  }
  return 'The studio could not reach the server. Please try again.';
}

export default function ConfigStudioScreen() {
  const [products, setProducts] = useState<StudioProductRow[] | null>(null);
  const [productId, setProductId] = useState<string | null>(null);
  const [versions, setVersions] = useState<ConfigVersion[]>([]);
  const [text, setText] = useState('');
  // The product's active config as the editor got it: the text a draft and the leave guard compare with.
  const [active, setActive] = useState<ActiveText | null>(null);
  const session = useSession();
  // The server's last check and the text it checked: its findings stay on screen while a newer text is checked, but
  // only a check of the text in the editor lets it be saved.
  const [checked, setChecked] = useState<{ text: string; check: ConfigCheck } | null>(null);
  const check = checked?.check ?? null;
  const [checkFailure, setCheckFailure] = useState<{ text: string; message: string } | null>(null);
  const [settled, setSettled] = useState<{ productId: string; parsed: Parsed } | null>(null);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [diff, setDiff] = useState<{ from: number; to: number; changes: ConfigChange[] } | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [samples, setSamples] = useState<StudioSample[]>([]);
  const [sampleId, setSampleId] = useState<number | null>(null);
  // The product whose sample list has answered: until then the preview waits rather than flash a generated inspection.
  const [samplesOf, setSamplesOf] = useState<string | null>(null);
  const [sample, setSample] = useState<InspectionDetail | null>(null);
  const [edits, setEdits] = useState<Edit[]>([]);
  const [options] = useState<EvaluateOptions>(() => ({ today: dmyOf(new Date()), role: 'qc' }));
  const view = useRef<EditorView | null>(null);
  const definition = productId ? PRODUCTS.get(productId) : undefined;

  useEffect(() => {
    studioProducts()
      .then((list) => {
        setProducts(list);
        setProductId((id) => id ?? list[0]?.id ?? null);
      })
      .catch((e: unknown) => setLoadError(reasonOf(e)));
  }, []);

  // The product on screen: an answer about another (the analyst switched while it was under way) is not shown.
  const shownProduct = useLatest(productId);

  /** The versions and the active one as the server has them; the editor then shows the active text, unless `keepText`. */
  const reload = useCallback(async (id: string, { keepText = false } = {}) => {
    const [list, current] = await Promise.all([configVersions(id), activeConfig(id)]);
    if (shownProduct() !== id) return;
    const activeText = JSON.stringify(current.config, null, 2);
    setVersions(list);
    setActive({ productId: id, id: current.id, text: activeText });
    if (keepText) return;
    setText(activeText);
    setDiff(null);
  }, [shownProduct]);

  useEffect(() => {
    if (!productId) return;
    reload(productId).catch((e: unknown) => setLoadError(reasonOf(e)));
    setEdits([]);
    setSample(null);
    setSamplesOf(null);
    studioSamples(productId)
      .then((list) => {
        setSamples(list);
        setSampleId(list[0]?.carId ?? null);
      })
      .catch((e: unknown) => showError(reasonOf(e)))
      .finally(() => setSamplesOf(productId));
  }, [productId, reload]);

  useEffect(() => {
    // Only a sample of this product's list: on a product switch the old product's sample id is still set.
    if (!productId || sampleId === null || samplesOf !== productId) return;
    let live = true;
    studioSample(productId, sampleId)
      .then((detail) => live && setSample(detail))
      .catch((e: unknown) => showError(reasonOf(e)));
    return () => {
      live = false;
    };
  }, [productId, sampleId, samplesOf]);

  // The text settles shortly after the last keystroke: parsed, then built and previewed in the browser; the server's
  // checks (schema, semantics, cases) follow, a newer change cancelling an older check.
  useEffect(() => {
    if (!productId || !text) return;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      const parsed = parseConfigText(text);
      setSettled({ productId, parsed });
      if (parsed.error !== null) return setChecked(null);
      checkConfig(productId, parsed.json, abort.signal)
        .then((result) => setChecked({ text, check: result }))
        .catch((e: unknown) => {
          // Said where the checks are, for this text (a toast went, and Save stayed off with no reason).
          if (!abort.signal.aborted) setCheckFailure({ text, message: reasonOf(e) });
        });
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [productId, text]);

  const parsed = settled?.productId === productId ? settled.parsed : null;
  const parseError = parsed?.error ?? null;
  const built = useMemo<Built | null>(() => (parsed && productId && parsed.error === null ? build(productId, parsed.json) : null), [parsed, productId]);
  // The preview keeps the last config that built while the text does not.
  const lastGood = useRef<Product | null>(null);
  if (built?.product) lastGood.current = built.product;
  if (lastGood.current && lastGood.current.id !== productId) lastGood.current = null;
  const previewProduct = lastGood.current;
  // The cases run in the browser on the config that builds, as the server and `npm run config:check` run them.
  const cases = useMemo(
    () => (built?.product ? built.product.config.cases.map((c) => ({ name: c.name, problems: caseProblems(built.product, c) })) : (check?.cases ?? [])),
    [built, check],
  );
  // A seeded inspection once loaded; a product without any previews one generated from the config.
  const generated = useMemo(
    () => (sampleId === null && previewProduct && samplesOf === productId ? generatedFor(previewProduct) : null),
    [sampleId, previewProduct, samplesOf, productId],
  );
  const unpreviewable = generated === UNPREVIEWABLE;
  const inspection = sampleId !== null ? sample : unpreviewable ? null : generated;

  const problems = useMemo(() => {
    const all = [...(built?.problem ? [built.problem] : []), ...(check?.problems ?? [])];
    return all.filter((p, i) => all.findIndex((q) => q.path === p.path && q.message === p.message) === i);
  }, [built, check]);
  useEffect(() => {
    if (view.current) showProblems(view.current, problems);
  }, [problems]);

  const failing = cases.filter((c) => c.problems.length).length + (check?.cases.filter((c) => c.problems.length).length ?? 0);
  const checksPass = parseError === null && problems.length === 0 && failing === 0;
  // Saving is judged on a check of the text in the editor only.
  const checkedNow = checked?.text === text;
  const failedNow = checkFailure !== null && checkFailure.text === text;
  const passes = checkedNow && checksPass;

  // Completion, hover docs and errors while typing from the schema (review products: the shared base, which
  // carries the descriptions; their own schema only pins the product id), and the engine's and server's findings.
  const extensions = useMemo(
    () => [editorName, ...(definition ? [schemaAware((definition.kind === 'review' ? reviewSchema : definition.schema) as JSONSchema7), problemLint] : [])],
    [definition],
  );

  // A word typed in the preview is one edit of the case it may become, not one per keystroke.
  const onEdit = useCallback((edit: Edit) => setEdits((list) => appendEdit(list, edit).edits), []);

  function addCase() {
    if (!previewProduct || !inspection || parsed?.error !== null || !parsed) return;
    const json = structuredClone(parsed.json) as { cases?: unknown[] };
    const taken = new Set((json.cases ?? []).map((c) => (c as { name?: unknown }).name));
    let n = 1;
    while (taken.has(`Preview case ${n}`)) n++;
    const name = `Preview case ${n}`;
    json.cases = [...(json.cases ?? []), caseFromPreview(previewProduct.engine, { inspection, registry: null, options, edits }, name)];
    setText(JSON.stringify(json, null, 2));
    showSuccess(`Case '${name}' added`);
  }

  async function save() {
    if (!productId || !passes || !message.trim()) return;
    setBusy(true);
    const sent = text;
    try {
      const saved = await saveConfigVersion(productId, JSON.parse(sent), message.trim(), active?.productId === productId ? active.id : null);
      showSuccess(`Version ${saved.id} saved and active`);
      if (shownProduct() !== productId) return;
      setActive({ productId, id: saved.id, text: sent });
      setMessage('');
      const list = await configVersions(productId);
      if (shownProduct() === productId) setVersions(list);
    } catch (e) {
      showError(reasonOf(e));
      await showWhatIsActive(e, productId);
    } finally {
      setBusy(false);
    }
  }

  /**
   * After a 409 (another version became active since this page read the active one): the list and the active version
   * as they are now, the analyst's text kept, so the next save or activation goes over that one knowingly.
   */
  async function showWhatIsActive(e: unknown, id: string) {
    if (errorStatus(e) === 409 && shownProduct() === id) await reload(id, { keepText: true }).catch(() => undefined);
  }

  async function activate(v: ConfigVersion) {
    if (!productId) return;
    if (active && text !== active.text && !window.confirm(`Activating version ${v.id} replaces your unsaved changes in the editor. Activate it?`)) return;
    setBusy(true);
    try {
      await activateConfigVersion(productId, v.id, active?.productId === productId ? active.id : null);
      showSuccess(`Version ${v.id} is active`);
      await reload(productId);
    } catch (e) {
      showError(reasonOf(e));
      await showWhatIsActive(e, productId);
    } finally {
      setBusy(false);
    }
  }

  async function compare(v: ConfigVersion) {
    if (!productId) return;
    const i = versions.findIndex((x) => x.id === v.id);
    const previous = versions[i + 1];
    if (!previous) return;
    try {
      const [a, b] = await Promise.all([configVersion(productId, previous.id), configVersion(productId, v.id)]);
      if (shownProduct() !== productId) return;
      setDiff({ from: previous.id, to: v.id, changes: diffConfigs(a.config, b.config) });
    } catch (e) {
      showError(reasonOf(e));
    }
  }

  if (loadError) return <main className="page studio-page"><p role="alert">{loadError}</p></main>;
  if (!products) return <main className="page studio-page"><Loading /></main>;

  return (
    <main className="page studio-page">
      <h1>Config studio</h1>
      <nav aria-label="Products" className="studio-products">
        {products.map((p) => (
          <Button key={p.id} onPress={() => setProductId(p.id)} aria-current={p.id === productId ? 'true' : undefined}>
            {p.name}
          </Button>
        ))}
      </nav>
      <section aria-label="Versions" className="studio-versions">
        <h2>Versions</h2>
        {versions.length === 0 ? (
          <p>No saved version: the config in the repository is active.</p>
        ) : (
          <table>
            <thead>
              <tr><th>Version</th><th>Who</th><th>When</th><th>Message</th><th>Active</th><th>Actions</th></tr>
            </thead>
            <tbody>
              {versions.map((v, i) => (
                <tr key={v.id}>
                  <td>{v.id}</td>
                  <td>{v.authorName}</td>
                  <td>{when(v.createdAt)}</td>
                  <td>{v.message}</td>
                  <td>{v.active ? 'Active' : ''}</td>
                  <td className="studio-actions">
                    {!v.active && <Button isDisabled={busy} onPress={() => void activate(v)}>Activate version {v.id}</Button>}
                    {i + 1 < versions.length && <Button onPress={() => void compare(v)}>Changes in version {v.id}</Button>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {diff && (
          <section aria-label="Changes" className="studio-diff">
            <h3>Changes from version {diff.from} to version {diff.to}</h3>
            {diff.changes.length === 0 ? <p>No changes.</p> : (
              <ul>
                {diff.changes.map((c) => <li key={`${c.part}/${c.name}`}>{`${c.part}: ${c.name} ${c.change}`}</li>)}
              </ul>
            )}
          </section>
        )}
      </section>
      <div className="studio-work">
        <div className="studio-left">
          {session && active?.productId === productId && <StudioDraftBar key={productId} user={session.email} active={active} text={text} setText={setText} />}
          <section aria-label="Editor" className="studio-editor">
            {/* One editor per product: another product's text opens at its top, and undo cannot bring the previous one's back. */}
            <CodeMirror
              key={productId}
              value={text}
              height="60vh"
              extensions={extensions}
              onChange={setText}
              onCreateEditor={(v) => {
                view.current = v;
                showProblems(v, problems);
              }}
              basicSetup={{ foldGutter: true }}
            />
            <p id={EDITOR_HINT_ID} className="muted studio-editor-hint">
              {EDITOR_HINT}
            </p>
          </section>
          <section aria-label="Problems" className="studio-checks">
            <h2>Checks</h2>
            {parseError && <p role="alert">{parseError}</p>}
            {problems.map((p) => <p key={p.path + p.message} role="alert">{problemSentence(parsed?.json, p)}</p>)}
            {failedNow && <p role="alert">{`The server did not check this text: ${checkFailure.message}`}</p>}
            {check && !failedNow && !parseError && problems.length === 0 && <p>Schema and semantic checks pass.</p>}
          </section>
          <section aria-label="Cases" className="studio-checks">
            <h2>Cases</h2>
            <ul className="studio-cases">
              {cases.map((c) => (
                <li key={c.name} className={c.problems.length ? 'fail' : 'pass'}>
                  <strong>{c.problems.length ? 'Fail' : 'Pass'}</strong> {c.name}
                  {c.problems.map((p) => <div key={p} className="case-problem">{p}</div>)}
                </li>
              ))}
            </ul>
          </section>
          <section aria-label="Save" className="studio-save">
            <TextField value={message} onChange={setMessage}>
              <Label>Message</Label>
              <Input />
            </TextField>
            <Button isDisabled={!passes || !message.trim() || busy} onPress={() => void save()}>Save as a new version</Button>
            {checkedNow && !checksPass && <p>Saving needs the schema, the semantic checks and every case to pass.</p>}
          </section>
        </div>
        <div className="studio-right">
          <h2>Preview</h2>
          {definition?.kind !== 'review' ? (
            <p>This product is not a row-based review: it has no preview.</p>
          ) : (
            <>
              <label className="studio-sample">
                Inspection{' '}
                <select
                  aria-label="Preview inspection"
                  value={sampleId ?? ''}
                  onChange={(e) => {
                    setSampleId(e.target.value ? Number(e.target.value) : null);
                    setSample(null);
                    setEdits([]);
                  }}
                >
                  {samples.length === 0 && <option value="">Generated from the config</option>}
                  {samples.map((x) => (
                    <option key={x.carId} value={x.carId}>{`${x.appointmentId} · ${x.make} ${x.model} · ${x.status}`}</option>
                  ))}
                </select>
              </label>
              {built && !built.product && previewProduct && <p className="muted">The text does not build: the preview shows the last config that did.</p>}
              {previewProduct && unpreviewable ? (
                <PreviewFailed />
              ) : previewProduct && inspection ? (
                // A config the browser builds may still break the rows' rendering (a value of another type than the
                // schema's, which only the server checks): the preview says so and the editor, its draft and Discard stay.
                <ErrorBoundary FallbackComponent={PreviewFailed} resetKeys={[previewProduct, inspection]}>
                  <Preview
                    product={previewProduct}
                    inspection={inspection}
                    options={options}
                    edits={edits}
                    onEdit={onEdit}
                    onReset={() => setEdits([])}
                    onAddCase={addCase}
                  />
                </ErrorBoundary>
              ) : (
                <Loading />
              )}
            </>
          )}
        </div>
      </div>
    </main>
  );
}
