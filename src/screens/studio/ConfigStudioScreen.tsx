/**
 * The config studio (issue 17, `/config-studio`): a product's config versions, an editor with the product's JSON
 * Schema and the engine's checks, the config's cases re-run on every change, save / activate, and a diff by entry.
 * The checks run on the server (the same code as `npm run config:check`). Its own lazy chunk (CodeMirror): the review routes do not load any of it.
 */
import CodeMirror from '@uiw/react-codemirror';
import { jsonSchema } from 'codemirror-json-schema';
import type { JSONSchema7 } from 'json-schema';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, TextField, Label, Input } from 'react-aria-components';
import { ApiError } from '../../api/http.ts';
import {
  activateConfigVersion,
  checkConfig,
  activeConfig,
  configVersion,
  configVersions,
  saveConfigVersion,
  studioProducts,
  type ConfigCheck,
  type ConfigVersion,
  type StudioProductRow,
} from '../../api/studio.ts';
import { showError, showSuccess } from '../../components/toast.ts';
import reviewSchema from '../../config/review-config.schema.json';
import { PRODUCTS } from '../../products/registry.ts';
import { diffConfigs, type ConfigChange } from './diff.ts';
import './studio.css';

/** Checks wait this long after the last keystroke (issue 17: the studio reacts within 100 ms). */
const CHECK_DELAY_MS = 80;

type Parsed = { json: unknown; error: null } | { json: null; error: string };

function parse(text: string): Parsed {
  try {
    return { json: JSON.parse(text) as unknown, error: null };
  } catch (e) {
    return { json: null, error: `The text is not valid JSON: ${(e as Error).message}` };
  }
}

function when(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}

function reasonOf(e: unknown): string {
  if (e instanceof ApiError) {
    const reasons = (e.body as { reasons?: unknown } | undefined)?.reasons;
    return Array.isArray(reasons) && reasons.length ? `The server refused the config: ${reasons.join(' ')}` : e.message;
  }
  return 'The studio could not reach the server. Please try again.';
}

export default function ConfigStudioScreen() {
  const [products, setProducts] = useState<StudioProductRow[] | null>(null);
  const [productId, setProductId] = useState<string | null>(null);
  const [versions, setVersions] = useState<ConfigVersion[]>([]);
  const [text, setText] = useState('');
  const [check, setCheck] = useState<ConfigCheck | null>(null);
  const [parseError, setParseError] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [diff, setDiff] = useState<{ from: number; to: number; changes: ConfigChange[] } | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const definition = productId ? PRODUCTS.get(productId) : undefined;

  useEffect(() => {
    studioProducts()
      .then((list) => {
        setProducts(list);
        setProductId((id) => id ?? list[0]?.id ?? null);
      })
      .catch((e: unknown) => setLoadError(reasonOf(e)));
  }, []);

  const reload = useCallback(async (id: string) => {
    const [list, active] = await Promise.all([configVersions(id), activeConfig(id)]);
    setVersions(list);
    setText(JSON.stringify(active.config, null, 2));
    setDiff(null);
  }, []);

  useEffect(() => {
    if (productId) reload(productId).catch((e: unknown) => setLoadError(reasonOf(e)));
  }, [productId, reload]);

  // Schema, semantic checks and cases re-run shortly after every change; a newer change cancels an older check.
  useEffect(() => {
    if (!productId || !text) return;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      const parsed = parse(text);
      setParseError(parsed.error);
      if (parsed.error !== null) return setCheck(null);
      checkConfig(productId, parsed.json, abort.signal)
        .then(setCheck)
        .catch((e: unknown) => {
          if (!abort.signal.aborted) showError(reasonOf(e));
        });
    }, CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [productId, text]);

  const problems = check?.problems ?? [];
  const failing = check?.cases.filter((c) => c.problems.length).length ?? 0;
  const passes = !!check && parseError === null && problems.length === 0 && failing === 0;

  // Completion, hover docs and errors while typing from the schema (review products: the shared base, which
  // carries the descriptions; their own schema only pins the product id).
  const extensions = useMemo(
    () => (definition ? [jsonSchema((definition.kind === 'review' ? reviewSchema : definition.schema) as JSONSchema7)] : []),
    [definition],
  );

  async function save() {
    if (!productId || !passes || !message.trim()) return;
    setBusy(true);
    try {
      const saved = await saveConfigVersion(productId, JSON.parse(text), message.trim());
      showSuccess(`Version ${saved.id} saved and active`);
      setMessage('');
      setVersions(await configVersions(productId));
    } catch (e) {
      showError(reasonOf(e));
    } finally {
      setBusy(false);
    }
  }

  async function activate(v: ConfigVersion) {
    if (!productId) return;
    setBusy(true);
    try {
      await activateConfigVersion(productId, v.id);
      showSuccess(`Version ${v.id} is active`);
      await reload(productId);
    } catch (e) {
      showError(reasonOf(e));
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
      setDiff({ from: previous.id, to: v.id, changes: diffConfigs(a.config, b.config) });
    } catch (e) {
      showError(reasonOf(e));
    }
  }

  if (loadError) return <main className="page studio-page"><p role="alert">{loadError}</p></main>;
  if (!products) return <main className="page studio-page"><p role="status">Loading…</p></main>;

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
        <section aria-label="Editor" className="studio-editor">
          <CodeMirror value={text} height="60vh" extensions={extensions} onChange={setText} aria-label="Config JSON" basicSetup={{ foldGutter: true }} />
        </section>
        <aside className="studio-checks">
          <section aria-label="Problems">
            <h2>Checks</h2>
            {parseError && <p role="alert">{parseError}</p>}
            {problems.map((p) => <p key={p.path + p.message} role="alert">{`At ${p.path}: ${p.message}`}</p>)}
            {check && !parseError && problems.length === 0 && <p>Schema and semantic checks pass.</p>}
          </section>
          <section aria-label="Cases">
            <h2>Cases</h2>
            {check && (
              <ul className="studio-cases">
                {check.cases.map((c) => (
                  <li key={c.name} className={c.problems.length ? 'fail' : 'pass'}>
                    <strong>{c.problems.length ? 'Fail' : 'Pass'}</strong> {c.name}
                    {c.problems.map((p) => <div key={p} className="case-problem">{p}</div>)}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-label="Save" className="studio-save">
            <TextField value={message} onChange={setMessage}>
              <Label>Message</Label>
              <Input />
            </TextField>
            <Button isDisabled={!passes || !message.trim() || busy} onPress={() => void save()}>Save as a new version</Button>
            {!passes && check && <p>Saving needs the schema, the semantic checks and every case to pass.</p>}
          </section>
        </aside>
      </div>
    </main>
  );
}
