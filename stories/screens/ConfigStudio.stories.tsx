import { forEachDiagnostic, type Diagnostic } from '@codemirror/lint';
import { EditorView } from '@uiw/react-codemirror';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { createStore, set } from 'idb-keyval';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { draftKey, type StoredDraft } from '../../src/api/drafts.ts';
import type { ConfigVersion, StudioSample } from '../../src/api/studio.ts';
import { checkProductConfig, STUDIO_PRODUCTS, studioProduct } from '../../src/products/studio-check.ts';
import ConfigStudioScreen from '../../src/screens/studio/ConfigStudioScreen.tsx';
import { STUDIO_DRAFT_SHAPE, type StudioDraft } from '../../src/screens/studio/StudioDraft.tsx';
import { PENDING, fail, sessionFor, type Request, type Route, type Routes } from '../support/api.ts';
import { CAR_INSPECTIONS } from '../support/car.ts';
import { RoutedScreen } from '../support/screen.tsx';

/**
 * The config studio (issue 17, /config-studio) for an analyst: the products, the car config's versions, the editor
 * (CodeMirror with the config's JSON Schema) and its checks, the config's cases, the live preview with "explain a
 * row", and the diff between versions. The server's check is the real one (src/products/studio-check.ts, the code
 * the server runs) on the edited document; the versions and the seeded inspections are fixtures.
 */
const meta = {
  title: 'Screens/Config studio',
  component: RoutedScreen,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof RoutedScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

type ConfigDocument = { rows: Record<string, unknown>[]; rules: { id: string; target: unknown }[]; cases: { name: string; expect: { rows: Record<string, Record<string, unknown>> } }[] };

/** The car config as the server seeds it (the JSON in src/config/car as one document), a fresh copy each time. */
const carSeed = (): ConfigDocument => structuredClone(studioProduct('car')!.seed()) as ConfigDocument;

/** Version 2 adds a case; version 3 (active) shows the no-claim bonus for one more insurance type. */
const v1 = carSeed();
const v2 = carSeed();
v2.cases.push({ ...structuredClone(v2.cases[0]), name: 'Zero Depreciation keeps the no-claim bonus' });
v2.cases.at(-1)!.expect = { rows: { noClaimBonus: { isVisible: true } } };
Object.assign(v2.cases.at(-1)!, { edits: [{ type: 'setValue', key: 'insuranceType', value: 'Zero Depreciation' }] });
const v3 = structuredClone(v2);
const ncb = v3.rules.find((r) => r.id === 'insurance.ncb')!;
Object.assign(ncb, { when: { in: [{ var: 'insuranceType' }, ['Comprehensive', 'Zero Depreciation', 'Bumper to Bumper']] } });

const VERSIONS: (ConfigVersion & { config: unknown })[] = [
  { id: 3, message: "No-claim bonus also for 'Bumper to Bumper'", config: v3, createdAt: '2026-11-22T11:20:00Z', active: true },
  { id: 2, message: 'Case: Zero Depreciation keeps the no-claim bonus', config: v2, createdAt: '2026-11-20T15:05:00Z', active: false },
  { id: 1, message: 'Seed from the repository', config: v1, createdAt: '2026-11-18T09:00:00Z', active: false },
].map((v) => ({ ...v, product: 'car', author: 'analyst@qc.example', authorName: 'Anita Analyst' }));

const SAMPLES: StudioSample[] = Object.values(CAR_INSPECTIONS).map((d) => ({ carId: d.carId, appointmentId: d.appointmentId, make: d.make, model: d.model, status: 'smReview' }));

/** The product (and version id) a studio call names: v2/config-studio/products/{product}/…/{id}. */
const partsOf = (url = '') => url.split('/');
const productOf = (url?: string) => partsOf(url)[3];
const lastIdOf = (url?: string) => Number(partsOf(url).at(-1));

interface StudioFixture {
  /** The active config's text as the editor opens it. */
  active?: unknown;
  versions?: typeof VERSIONS;
  samples?: StudioSample[];
  products?: Route;
  /** Calls answered otherwise than by the fixture (later, or held). */
  routes?: Routes;
}

/** The checks the server runs (schema, semantics, cases), run here on the posted document. */
const serverCheck = ({ config, body }: Request) => ({ detail: checkProductConfig(studioProduct(productOf(config.url))!, (body as { config: unknown }).config) });

function studioRoutes({ active = v3, versions = VERSIONS, samples = SAMPLES, products, routes }: StudioFixture = {}): Routes {
  return {
    'GET v2/config-studio/products': products ?? {
      detail: STUDIO_PRODUCTS.map((p) => ({ id: p.id, name: p.name, activeVersion: p.id === 'car' && versions.length ? versions[0].id : null, versions: p.id === 'car' ? versions.length : 0 })),
    },
    'GET v2/config-studio/products/*/versions': ({ config }) => ({ detail: productOf(config.url) === 'car' ? versions.map(({ config: _, ...v }) => v) : [] }),
    'GET v2/config-studio/products/*/active': ({ config }) => ({ detail: { id: productOf(config.url) === 'car' && versions.length ? versions[0].id : null, config: productOf(config.url) === 'car' ? active : studioProduct(productOf(config.url))?.seed() } }),
    'GET v2/config-studio/products/*/versions/*': ({ config }) => ({ detail: versions.find((v) => v.id === lastIdOf(config.url)) }),
    'POST v2/config-studio/products/*/check': serverCheck,
    'GET v2/config-studio/products/*/samples': ({ config }) => ({ detail: productOf(config.url) === 'car' ? samples : [] }),
    'GET v2/config-studio/products/*/samples/*': ({ config }) => ({ detail: Object.values(CAR_INSPECTIONS).find((d) => d.carId === lastIdOf(config.url)) }),
    ...routes,
  };
}

const studio = (fixture: StudioFixture = {}): Story => ({
  args: {
    path: '/config-studio',
    url: '/config-studio',
    screen: <ConfigStudioScreen />,
    session: sessionFor('analyst', 'analyst@qc.example', 'Anita Analyst'),
    api: studioRoutes(fixture),
  },
});

const checks = (canvasElement: HTMLElement) => within(canvasElement).findByRole('region', { name: 'Problems' });

/** The car's three versions, version 3 active; the others can be activated (roll back) or compared. */
export const VersionList: Story = {
  ...studio(),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const versions = await canvas.findByRole('region', { name: 'Versions' });
    await expect(await within(versions).findAllByRole('row')).toHaveLength(4);
    await expect(within(versions).getByRole('button', { name: 'Activate version 1' })).toBeInTheDocument();
    await expect(within(versions).queryByRole('button', { name: 'Activate version 3' })).not.toBeInTheDocument();
    await expect(await within(await checks(canvasElement)).findByText('Schema and semantic checks pass.')).toBeInTheDocument();
  },
};

/**
 * The analyst left the page with unsaved text edited from version 2 (one of its cases now expects the wrong thing):
 * the studio opens with that text restored, says it was edited from an older version than the active one, and runs
 * its cases. Discard goes back to the active version's text.
 */
export const DraftRestored: Story = {
  ...studio(),
  beforeEach: async () => {
    const edited = structuredClone(v2);
    edited.cases[0].expect.rows.noClaimBonus.isVisible = true;
    const draft: StoredDraft<StudioDraft> = { version: STUDIO_DRAFT_SHAPE, payload: { text: JSON.stringify(edited, null, 2), base: 2 }, savedAt: Date.parse('2026-11-22T12:00:00Z') };
    await set(draftKey('analyst@qc.example', 'car', 'studio'), draft, createStore('qc-review-drafts', 'drafts'));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('This draft was edited from version 2; version 3 is active now.')).toBeInTheDocument();
    const cases = within(await canvas.findByRole('region', { name: 'Cases' }));
    await expect(await cases.findByText(/row 'noClaimBonus'.isVisible: expected true, got false/)).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(cases.queryByText(/expected true, got false/)).not.toBeInTheDocument());
    await expect(canvas.queryByText(/Draft restored/)).not.toBeInTheDocument();
  },
};

/**
 * The analyst activates version 1 and switches to the bike before the server answers: the car's answer (its versions,
 * its text) does not land on the bike's page.
 */
export const SwitchProductWhileActivating: Story = {
  ...studio({ routes: { 'POST v2/config-studio/products/*/versions/*/activate': () => new Promise((answer) => setTimeout(() => answer({ detail: VERSIONS[2] }), 300)) } }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const versions = await canvas.findByRole('region', { name: 'Versions' });
    await userEvent.click(await within(versions).findByRole('button', { name: 'Activate version 1' }));
    await userEvent.click(within(canvas.getByRole('navigation', { name: 'Products' })).getByRole('button', { name: 'Bike' }));
    await canvas.findByText('No saved version: the config in the repository is active.');
    const bikeText = JSON.stringify(studioProduct('bike')!.seed(), null, 2);
    const editorText = () => EditorView.findFromDOM(canvasElement.querySelector<HTMLElement>('.cm-editor')!)!.state.doc.toString();
    await waitFor(() => expect(editorText()).toBe(bikeText));
    // The car's activation answers (and the car is reloaded) after the switch.
    await new Promise((done) => setTimeout(done, 800));
    await expect(canvas.getByText('No saved version: the config in the repository is active.')).toBeInTheDocument();
    await expect(editorText()).toBe(bikeText);
  },
};

/**
 * Saving waits for the server's check of the text in the editor: right after an edit, the last check (of the text
 * before it) does not enable Save; its findings stay listed until the new check answers.
 */
const heldChecks: (() => void)[] = [];
let holdChecks = false;
export const SaveWaitsForTheCheck: Story = {
  ...studio({
    routes: { 'POST v2/config-studio/products/*/check': (call) => (holdChecks ? new Promise((done) => heldChecks.push(() => done(serverCheck(call)))) : serverCheck(call)) },
  }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const save = canvas.getByRole('button', { name: 'Save as a new version' });
    await userEvent.type(await canvas.findByRole('textbox', { name: 'Message' }), 'Reformatted');
    await waitFor(() => expect(save).toBeEnabled(), { timeout: 5000 });
    holdChecks = true;
    try {
      const view = EditorView.findFromDOM(canvasElement.querySelector<HTMLElement>('.cm-editor')!)!;
      view.dispatch({ changes: { from: 0, insert: ' ' } });
      await waitFor(() => expect(heldChecks.length).toBe(1), { timeout: 5000 });
      await expect(save).toBeDisabled();
      await expect(canvas.queryByText('Saving needs the schema, the semantic checks and every case to pass.')).toBeNull();
      heldChecks.shift()!();
      await waitFor(() => expect(save).toBeEnabled(), { timeout: 5000 });
    } finally {
      holdChecks = false;
      heldChecks.splice(0).forEach((release) => release());
    }
  },
};

/** No saved version yet: the JSON in the repository is active. */
export const NoVersions: Story = {
  ...studio({ active: v1, versions: [] }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No saved version: the config in the repository is active.')).toBeInTheDocument();
  },
};

/** A row with a key the JSON Schema does not allow: the server's schema check refuses it, named by the row's key and in plain words; saving is off. */
export const SchemaError: Story = {
  ...studio({ active: (() => {
    const doc = carSeed();
    doc.rows[1].tooltip = 'Year on the RC';
    return doc;
  })() }),
  play: async ({ canvasElement }) => {
    const problems = within(await checks(canvasElement));
    await expect(await problems.findByText("Row 'year': takes no field 'tooltip'.")).toBeInTheDocument();
    await expect(within(canvasElement).getByRole('button', { name: 'Save as a new version' })).toBeDisabled();
  },
};

/** A rule targeting a row nobody has: buildConfig's semantic check, listed and marked in the editor at the rule. */
export const SemanticErrorMarked: Story = {
  ...studio({ active: (() => {
    const doc = carSeed();
    doc.rules.find((r) => r.id === 'insurance.ncb')!.target = 'noClaimBonusTypo';
    return doc;
  })() }),
  play: async ({ canvasElement }) => {
    const problems = within(await checks(canvasElement));
    await expect(await problems.findByText(/unknown row 'noClaimBonusTypo'/)).toBeInTheDocument();
    // The editor holds the problem as a lint diagnostic at the rule (read from its state: CodeMirror draws only the
    // lines in view, and the rule is far down the document).
    const view = EditorView.findFromDOM(canvasElement.querySelector<HTMLElement>('.cm-editor')!)!;
    await waitFor(
      () => {
        const marks: Diagnostic[] = [];
        forEachDiagnostic(view.state, (d) => marks.push(d));
        const mark = marks.find((d) => d.message.includes("unknown row 'noClaimBonusTypo'"));
        expect(mark).toBeDefined();
        expect(view.state.sliceDoc(mark!.from, mark!.to)).toContain('noClaimBonusTypo');
      },
      { timeout: 5000 },
    );
  },
};

/** One case expecting the wrong thing fails; the others pass. Saving needs every case to pass. */
export const CasesPassAndFail: Story = {
  ...studio({ active: (() => {
    const doc = carSeed();
    doc.cases[0].expect.rows.noClaimBonus.isVisible = true;
    return doc;
  })() }),
  play: async ({ canvasElement }) => {
    const cases = within(await within(canvasElement).findByRole('region', { name: 'Cases' }));
    const failing = await cases.findByText(/row 'noClaimBonus'.isVisible: expected true, got false/);
    await expect(failing.closest('li')).toHaveClass('fail');
    await expect(cases.getAllByText('Pass').length).toBeGreaterThan(0);
    await expect(await within(canvasElement).findByText('Saving needs the schema, the semantic checks and every case to pass.')).toBeInTheDocument();
  },
};

/** "Why is this row so?": the rules deciding the no-claim bonus, with their inputs and results. */
export const ExplainRow: Story = {
  ...studio(),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const pick = await canvas.findByRole('combobox', { name: 'Explain row' });
    await userEvent.selectOptions(pick, 'noClaimBonus');
    const why = await canvas.findByRole('region', { name: 'Why this row' });
    await expect(within(why).getByRole('cell', { name: 'insurance.ncb' })).toBeInTheDocument();
  },
};

/** The diff between version 2 and version 3, by rule and case rather than by JSON text. */
export const DiffBetweenVersions: Story = {
  ...studio(),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Changes in version 3' }));
    const changes = await canvas.findByRole('region', { name: 'Changes' });
    await expect(within(changes).getByRole('heading', { name: 'Changes from version 2 to version 3' })).toBeInTheDocument();
    await expect(within(changes).getByText('rules: insurance.ncb changed')).toBeInTheDocument();
  },
};

/** No seeded inspection: the preview generates one from the config. */
export const PreviewGeneratedInspection: Story = studio({ samples: [] });

export const Loading: Story = studio({ products: PENDING });

export const LoadFailed: Story = {
  ...studio({ products: fail(500, 'The config studio is not available') }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('The config studio is not available');
  },
};
