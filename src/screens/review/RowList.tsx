/**
 * The rows of one tab in config order: field rows one by one, consecutive image rows of a group as one images
 * panel, virtualized.
 */
import { memo, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { isDocumentGroup, panelRows } from '../../engine/product.ts';
import type { ReviewModel, RowState, Scalar, Tab } from '../../engine/types.ts';
import { fixedStore } from '../../engine/store.ts';
import { ModelContext, useModel, useRowStore } from './context.ts';
import { ImagesPanel } from './ImagesPanel.tsx';
import { ReviewRow } from './ReviewRow.tsx';
import { onlyTyped } from './widgets.tsx';
import { firstControl } from './shortcuts.ts';
import './review.css';

/** A field row's height (px) until it is measured. */
const ROW_HEIGHT = 46;
/** Items rendered beyond each edge of the scroll box: Tab moves focus into them, and they cover a short scroll. */
export const OVERSCAN = 12;
/**
 * The overscan of a tab's first frame: the rows the box shows and one more, so that frame lays out and paints what the
 * reviewer sees; the rest of OVERSCAN follows in the task after it (issue 18 'Load': half the rows of a /review load's
 * first render and layout were below the box).
 */
export const FIRST_OVERSCAN = 1;

export type ListItem = { kind: 'row'; key: string } | { kind: 'images'; group: string; keys: string[] };

const groupOf = (key: string) => key.split(':')[0];

/** The visible items of a tab, image rows grouped. */
export function itemsOf(model: ReviewModel, tab: Tab): ListItem[] {
  const items: ListItem[] = [];
  for (const key of model.order) {
    const row = model.rows[key];
    if (row.tab !== tab || !row.isVisible) continue;
    if (row.kind === 'image') {
      const group = groupOf(key);
      const last = items[items.length - 1];
      if (last?.kind === 'images' && last.group === group) last.keys.push(key);
      else items.push({ kind: 'images', group, keys: [key] });
    } else items.push({ kind: 'row', key });
  }
  return items;
}

/** True when `next` shows the same rows as `prev` (an edit that changed values only): the engine keeps unchanged rows' identity. */
function sameItems(prev: ReviewModel, next: ReviewModel): boolean {
  if (prev.order !== next.order && (prev.order.length !== next.order.length || prev.order.some((k, i) => next.order[i] !== k))) return false;
  for (const key of next.order) {
    const a = prev.rows[key];
    const b = next.rows[key];
    if (a !== b && (!a || a.isVisible !== b.isVisible || a.tab !== b.tab || a.kind !== b.kind)) return false;
  }
  return true;
}

/**
 * itemsOf, keeping the previous array when an edit shows or hides nothing: the list then does not re-render at all.
 * The ref only caches a pure derivation of (model, tab), so a discarded render cannot make it wrong.
 */
function useItems(tab: Tab): ListItem[] {
  const last = useRef<{ model: ReviewModel; tab: Tab; items: ListItem[] } | null>(null);
  return useModel((model) => {
    const prev = last.current;
    if (prev && prev.model === model && prev.tab === tab) return prev.items;
    const items = prev && prev.tab === tab && sameItems(prev.model, model) ? prev.items : itemsOf(model, tab);
    last.current = { model, tab, items };
    return items;
  });
}

function lookupParentOf(row: RowState | undefined, rows: ReviewModel['rows']): Scalar | undefined {
  if (!row?.lookup || !row.parentField) return undefined;
  const parent = rows[row.parentField];
  return parent ? (parent.newId ?? parent.id ?? null) : undefined;
}

/** A request to bring a row into view and focus its first control; a new `seq` is a new request. */
export interface RowJump {
  key: string;
  seq: number;
}

interface Props {
  /** The model to show; without it the rows read the ModelContext's store (the review's model store). */
  model?: ReviewModel;
  tab: Tab;
  urls: Readonly<Record<string, string>>;
  jump?: RowJump | null;
}

const titles = new WeakMap<ReviewModel['config'], Map<string, string>>();
/** An image group's title (its row config's text), from the config the model was built from. */
function groupTitle(model: ReviewModel, group: string): string {
  let map = titles.get(model.config);
  if (!map) {
    map = new Map(model.config.rows.map((r) => [r.key, r.text]));
    titles.set(model.config, map);
  }
  return map.get(group) ?? group;
}

/**
 * One field row, subscribed to its own RowState (and its lookup parent's id): an edit re-renders the rows the engine
 * recomputed, which keep no identity, and skips every other (the engine shares unchanged RowStates between models).
 */
const ModelRow = memo(function ModelRow({ rowKey }: { rowKey: string }) {
  const own = useMemo(() => [rowKey], [rowKey]);
  const live = useRowStore() !== null;
  const panelEdited = useModel((m) => panelRows(m.config).has(rowKey), own);
  // A keystroke in the row's text field changes its typed value only: the field shows it already and hears later
  // changes of it from the live store, so the row keeps its RowState and does not render (a panel-edited row shows
  // its value as text: it renders). The ref only caches the last RowState given, so a discarded render cannot make it wrong.
  const last = useRef<RowState | undefined>(undefined);
  const row = useModel((m) => {
    const next = m.rows[rowKey];
    const prev = last.current;
    if (live && !panelEdited && prev && next && onlyTyped(prev, next)) return prev;
    last.current = next;
    return next;
  }, own) as RowState | undefined;
  const parentKey = row?.lookup ? row.parentField : undefined;
  const lookupParent = useModel((m) => lookupParentOf(m.rows[rowKey], m.rows), parentKey ? [rowKey, parentKey] : own);
  // A row a rebuilt model no longer has (an image refresh) is gone from the list in the same commit.
  return row ? <ReviewRow row={row} lookupParent={lookupParent} panelEdited={panelEdited} /> : null;
});

/** An image group's rows, subscribed as one array that keeps its identity while none of them changes. */
const ModelImages = memo(function ModelImages({ group, keys, urls }: { group: string; keys: readonly string[]; urls: Props['urls'] }) {
  const last = useRef<(RowState | undefined)[]>([]);
  const rows = useModel((m) => {
    const next = keys.map((k) => m.rows[k]);
    const prev = last.current;
    if (prev.length === next.length && next.every((r, i) => r === prev[i])) return prev;
    last.current = next;
    return next;
  }, keys);
  const config = useModel((m) => m.config, keys);
  const title = useModel((m) => groupTitle(m, group), keys);
  const present = rows.filter((r): r is RowState => r !== undefined);
  return <ImagesPanel group={group} title={title} rows={present} verifiable={isDocumentGroup(config, group)} urls={urls} />;
});

function renderItem(item: ListItem, urls: Props['urls']) {
  return item.kind === 'images' ? <ModelImages group={item.group} keys={item.keys} urls={urls} /> : <ModelRow rowKey={item.key} />;
}

const itemKey = (item: ListItem) => (item.kind === 'row' ? item.key : `images:${item.group}:${item.keys[0]}`);

/**
 * Every tab is virtualized in its own scroll box: only rows near the visible part are in the DOM, so showing or hiding
 * a dependent row restyles, lays out and repaints a screenful, not the whole tab (issue 5 'Speed'). The box is a
 * composited scroller, which Chromium re-rasters far less of than the page's own scroll when rows move.
 * The rendered rows sit in normal flow inside one block placed at the first one's offset: a row that grows or shrinks
 * in the edit's own commit (a flag or note appearing) moves the rows below it in that same frame. Rows placed one by
 * one would overlap until the virtualizer's re-measure, which Chromium defers to the frame after an input.
 */
/** Jumps already carried out, by identity (each request is a new object). */
const doneJumps = new WeakSet<RowJump>();

function VirtualRows({ items, urls, tab, jump }: Omit<Props, 'model'> & { items: ListItem[] }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [overscan, setOverscan] = useState(FIRST_OVERSCAN);
  useEffect(() => {
    // After the next frame is painted: a task posted from its animation-frame callback runs once that frame is done.
    let timer = 0;
    const frame = requestAnimationFrame(() => (timer = window.setTimeout(() => setOverscan(OVERSCAN))));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    // The box's size until it is measured, about its min-height (50vh): the first render has the rows a box that size
    // shows, rather than none and a second render of the rows once the box has been laid out (issue 18 'Load').
    initialRect: { width: 0, height: Math.round(window.innerHeight / 2) },
    estimateSize: (i) => (items[i].kind === 'images' ? 260 : ROW_HEIGHT),
    overscan,
    getItemKey: (i) => itemKey(items[i]),
  });
  // A jump runs once, when its row is in this tab's items (a tab switch brings them in the same commit); once, not
  // once per list: a tab's list mounts again when the reviewer comes back to it, and took the focus back to the row.
  useEffect(() => {
    if (!jump || doneJumps.has(jump)) return;
    const index = items.findIndex((it) => (it.kind === 'row' ? it.key === jump.key : it.keys.includes(jump.key)));
    if (index < 0) return;
    doneJumps.add(jump);
    virtualizer.scrollToIndex(index, { align: 'center' });
    let frames = 0;
    let frame = 0;
    const focus = () => {
      const box = scrollRef.current;
      const el = box?.querySelector(`[data-key="${CSS.escape(jump.key)}"]`);
      const control = el && firstControl(el);
      if (control) control.focus();
      else if (el instanceof HTMLElement) el.focus();
      else if (++frames < 30) frame = requestAnimationFrame(focus);
    };
    focus();
    return () => cancelAnimationFrame(frame);
  }, [jump, items, virtualizer]);
  const virtual = virtualizer.getVirtualItems();
  return (
    <section className="rows" data-rows aria-label={`${tab} rows`} ref={scrollRef} style={{ minHeight: `min(${virtualizer.getTotalSize() + 2}px, 50vh)` }}>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        <div style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${virtual[0]?.start ?? 0}px)` }}>
          {virtual.map((v) => (
            <div key={v.key} className="rows-item" data-index={v.index} ref={virtualizer.measureElement}>
              {renderItem(items[v.index], urls)}
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

type ListProps = Omit<Props, 'model'> & { empty?: string | null };

function Rows({ tab, urls, jump, empty = 'No results found' }: ListProps) {
  const items = useItems(tab);
  if (items.length === 0) return empty === null ? null : <p className="muted rows-empty">{empty}</p>;
  return <VirtualRows items={items} tab={tab} urls={urls} jump={jump} />;
}

/**
 * `empty`: what a tab with no visible rows shows (nothing where the tab has other content, as SUMMARY does).
 * Memoised: on the review route its props do not change with the model, so a keystroke does not reach it.
 */
export const RowList = memo(function RowList({ model, ...props }: Props & { empty?: string | null }) {
  const outer = useContext(ModelContext);
  const fixed = useMemo(() => (model ? fixedStore(model) : null), [model]);
  const store = fixed ?? outer;
  if (!store) throw new Error('RowList needs a model or a ModelContext');
  return (
    <ModelContext.Provider value={store}>
      <Rows {...props} />
    </ModelContext.Provider>
  );
});
