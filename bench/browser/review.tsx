/**
 * Bench page: the review rows of every tab rendered through the real review components (RowList → ReviewRow /
 * ImagesPanel, RowContext) on the engine, with an inspection generated from the config. `?rows=500` switches to the
 * synthetic 500-row variant of the car config. No server: lookups answer empty from the bench's static server.
 */
import { useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { getProduct } from '../../src/products/registry.ts';
import { createEngine } from '../../src/engine/model.ts';
import { generateInspection } from '../../src/engine/generate.ts';
import type { Edit, RowState } from '../../src/engine/types.ts';
import { RowList } from '../../src/screens/review/RowList.tsx';
import { createModelStore } from '../../src/engine/store.ts';
import { ModelContext, RowContext, useModel, type ReviewRowContext } from '../../src/screens/review/context.ts';
import '../../src/components/theme.css';
import '../../src/app/styles.css';
import { installProbe } from './probe.ts';
import { syntheticConfig } from './synthetic.ts';
import type { InspectionDetail } from '../../src/products/car/inspection.ts';

const probe = installProbe();
const params = new URLSearchParams(location.search);
const minRows = Number(params.get('rows') ?? 0);
// ?tab=Documents renders that tab alone, as the review route does; without it every tab is on the page (heavier).
const carReviewConfig = getProduct('car').config;
const TABS = carReviewConfig.product.tabs;
const onlyTab = TABS.find((tab) => tab === params.get('tab'));
const config = minRows > 0 ? syntheticConfig(carReviewConfig, minRows) : carReviewConfig;
const engine = createEngine(config);
const inspection = generateInspection<InspectionDetail>(config);
const PIXEL = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
const NO_URLS: Readonly<Record<string, string>> = {};

// The model lives in the review route's store: each row subscribes to its own RowState.
const store = createModelStore(engine.evaluate(inspection));
const ctx: ReviewRowContext = {
  canEdit: true,
  appointmentId: inspection.appointmentId,
  onEdit: (edit: Edit) => store.setModel(engine.apply(store.getModel(), edit)),
  remarkTarget: (row: RowState) => ({ carId: inspection.carId, section: row.section, part: row.part, subPart: row.subPart, role: 'qc', user: 'bench@qc.example' }),
  editImage: () => undefined,
  uploadRowImage: async () => undefined,
  imageSrc: () => PIXEL,
};

/** The tabs' error counts, as the route's tab bar shows them. */
function Counts() {
  const counts = useModel((m) => m.errorsCount);
  return (
    <nav aria-label="Sections">
      {TABS.map((tab) => (
        <span key={tab} role="tab">
          {tab} ({counts[tab]})
        </span>
      ))}
    </nav>
  );
}

/** Tells the probe when a keystroke's model is committed. */
function CommitMark() {
  const model = useModel((m) => m);
  useLayoutEffect(() => probe.markCommit(), [model]);
  return null;
}

function Harness() {
  return (
    <ModelContext.Provider value={store}>
      <RowContext.Provider value={ctx}>
        <main className="page review" data-rows={store.getModel().order.length}>
          <Counts />
          {onlyTab ? (
            // As the review route lays out a rows-only tab.
            <div className="tab-panel fill">
              <RowList tab={onlyTab} urls={NO_URLS} />
            </div>
          ) : (
            TABS.map((tab) => <RowList key={tab} tab={tab} urls={NO_URLS} />)
          )}
          <CommitMark />
        </main>
      </RowContext.Provider>
    </ModelContext.Provider>
  );
}

createRoot(document.getElementById('root')!).render(<Harness />);
requestAnimationFrame(() => setTimeout(() => (probe.ready = true)));
