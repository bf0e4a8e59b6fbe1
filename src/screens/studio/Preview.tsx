/**
 * The studio's live preview (issue 17): the review screen the edited config generates for a chosen inspection,
 * through the review's own tab bar, row list and rows and the same engine, with the error counts, the pre-submit
 * check, and "why is this row so?" (explainRow) for a selected row, hidden ones included.
 */
import { useMemo, useState, type SyntheticEvent } from 'react';
import { explainRow } from '../../engine/explain.ts';
import type { InspectionDetail } from '../../products/car/inspection.ts';
import { validateBeforeSubmit } from '../../engine/submission.ts';
import type { Edit, EvaluateOptions, ReviewModel, Tab } from '../../engine/types.ts';
import { ProductValueProvider } from '../../products/ProductContext.tsx';
import type { Product } from '../../products/product.ts';
import { RowContext, type ReviewRowContext } from '../review/context.ts';
import { RowList } from '../review/RowList.tsx';
import { CountsContext, ReviewTabs } from '../review/ReviewTabs.tsx';
import { useLatest } from '../../components/useLatest.ts';

interface Props {
  product: Product;
  inspection: InspectionDetail;
  options: EvaluateOptions;
  /** The reviewer's edits made in the preview, in order (kept by the studio: a case records them). */
  edits: readonly Edit[];
  onEdit: (edit: Edit) => void;
  onReset: () => void;
  onAddCase: () => void;
}

const NO_URLS = {};
const show = (v: unknown) => JSON.stringify(v ?? null);

function Explain({ product, model, rowKey }: { product: Product; model: ReviewModel; rowKey: string }) {
  const why = explainRow(product.engine, model, rowKey);
  if (!why) return null;
  return (
    <section aria-label="Why this row" className="studio-explain">
      <h3>Why: {why.text}</h3>
      <dl>
        <dt>Visibility</dt>
        <dd>{why.reasons.visibility}</dd>
        <dt>Tick</dt>
        <dd>{why.reasons.ticking}</dd>
        <dt>Editability</dt>
        <dd>{why.reasons.editability}</dd>
        <dt>Validity</dt>
        <dd>{why.reasons.validity}</dd>
      </dl>
      {why.rules.length === 0 ? (
        <p>No rule targets this row.</p>
      ) : (
        <table>
          <thead>
            <tr><th>Rule</th><th>Effect</th><th>Inputs</th><th>Result</th></tr>
          </thead>
          <tbody>
            {why.rules.map((r) => (
              <tr key={r.id}>
                <td>{r.implicit ? `${r.id} (parent rule)` : r.id}</td>
                <td>{r.effect}</td>
                <td>{r.inputs.map((i) => `${i.variable} = ${show(i.value)}`).join(', ') || 'none'}</td>
                <td>{r.result ? 'holds' : 'does not hold'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export function Preview({ product, inspection, options, edits, onEdit, onReset, onAddCase }: Props) {
  const model = useMemo(() => product.engine.evaluate(inspection, edits, null, options), [product, inspection, edits, options]);
  const tabs = product.config.product.tabs;
  const [chosenTab, setTab] = useState<Tab>(tabs[0]);
  const tab = tabs.includes(chosenTab) ? chosenTab : tabs[0];
  const [selected, setSelected] = useState<string | null>(null);
  // Rows keep one context for the life of the preview, so memoised rows skip re-rendering as in the review.
  const latest = useLatest(onEdit);
  const rowContext = useMemo<ReviewRowContext>(
    () => ({
      canEdit: true,
      appointmentId: inspection.appointmentId,
      onEdit: (edit) => latest()(edit),
      remarkTarget: (row) => ({ carId: inspection.carId, section: row.section, part: row.part, role: 'qc', user: '' }),
      editImage: () => undefined,
      uploadRowImage: async () => undefined,
      imageSrc: (url) => url,
    }),
    [inspection, latest],
  );
  const block = validateBeforeSubmit(model, { isDummy: false });
  const rowsOfTab = model.order.filter((k) => model.rows[k].tab === tab && model.rows[k].kind !== 'image');
  // A click or focus inside a row selects it for the explanation.
  const pick = (e: SyntheticEvent) => {
    const key = (e.target as Element).closest?.('[data-key]')?.getAttribute('data-key');
    if (key && model.rows[key]) setSelected(key);
  };

  return (
    <ProductValueProvider value={product}>
      <RowContext.Provider value={rowContext}>
        <section aria-label="Preview" className="studio-preview review">
          <div className="studio-preview-bar">
            <span>{edits.length} edit{edits.length === 1 ? '' : 's'} in the preview</span>
            <button type="button" onClick={onAddCase} disabled={edits.length === 0}>
              Add case from preview
            </button>
            <button type="button" onClick={onReset} disabled={edits.length === 0}>
              Reset edits
            </button>
          </div>
          <p role="status" className={block ? 'studio-presubmit fail' : 'studio-presubmit pass'}>
            {block ? `Pre-submit check: ${block.alert}` : 'Pre-submit check passes: the review may be submitted.'}
          </p>
          <CountsContext.Provider value={model.errorsCount}>
            <ReviewTabs tabs={model.config.product.tabs} selected={tab} onSelect={(next) => setTab(next as Tab)} counted panelClassName="tab-panel fill">
              <div onClickCapture={pick} onFocusCapture={pick}>
                <RowList model={model} tab={tab} urls={NO_URLS} />
              </div>
            </ReviewTabs>
          </CountsContext.Provider>
          <label className="studio-explain-pick">
            Explain row{' '}
            <select aria-label="Explain row" value={selected && rowsOfTab.includes(selected) ? selected : ''} onChange={(e) => setSelected(e.target.value || null)}>
              <option value="">Choose a row of this tab</option>
              {rowsOfTab.map((k) => (
                <option key={k} value={k}>
                  {model.rows[k].text}
                  {model.rows[k].isVisible ? '' : ' (hidden)'}
                </option>
              ))}
            </select>
          </label>
          {selected && model.rows[selected] && <Explain product={product} model={model} rowKey={selected} />}
        </section>
      </RowContext.Provider>
    </ProductValueProvider>
  );
}
