import { useCallback, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Toasts } from '../../src/components/Toasts.tsx';
import { generateInspection } from '../../src/engine/generate.ts';
import type { Edit, Scalar } from '../../src/engine/types.ts';
import { ProductProvider } from '../../src/products/ProductProvider.tsx';
import { getProduct } from '../../src/products/registry.ts';
import { RiMailPopup } from '../../src/screens/review/RiMailPopup.tsx';
import { ReviewOverlays, ReviewTools, RowFinder, ShortcutHelp, type ReviewOverlay } from '../../src/screens/review/RowFinder.tsx';
import { VariantPanel } from '../../src/screens/review/VariantPanel.tsx';
import { CAR_SHORTCUTS, shortcutList, type CandidateRow, type ShortcutId } from '../../src/screens/review/shortcuts.ts';
import '../../src/screens/review/review.css';
import { fail, serve, type Route } from '../support/api.ts';

/**
 * The review's popups and panels that are not rows: the RI Changes 'Send Mail' popup (000 §5, §8), the row finder
 * and the `?` shortcuts overlay (issue 16), and the make / model / variant panel (000 §2, §5), each fed by fixtures.
 */
const meta = {
  title: 'Review/Popups and panels',
  component: RowFinder,
  subcomponents: { ShortcutHelp, ReviewTools, RiMailPopup, VariantPanel },
} satisfies Meta<typeof RowFinder>;
export default meta;
type Story = StoryObj;

const page = () => within(document.body);

// ---- RI Changes 'Send Mail' ----

/** What the popup reported: its alerts and how it closed, shown for the play functions. */
function MailPopup({ answer }: { answer: Route }) {
  const [alerts, setAlerts] = useState<string[]>([]);
  const [closed, setClosed] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [open, setOpen] = useState(() => {
    serve({
      'POST reinspection-send-email': (request) => {
        setSentTo(String((request.body as { to?: unknown }).to));
        return typeof answer === 'function' ? answer(request) : answer;
      },
    });
    return true;
  });
  return (
    <>
      <Toasts />
      {open && (
        <RiMailPopup
          carId={1101}
          version={2}
          raEmail="ra.pune@qc.example"
          regionDepartmentEmail="west.region@qc.example"
          alert={(m) => setAlerts((a) => [...a, m])}
          onClose={(sent) => {
            setOpen(false);
            setClosed(sent ? 'sent' : 'cancelled');
          }}
        />
      )}
      <output aria-label="Alerts">{alerts.join(' | ')}</output>
      <output aria-label="Closed">{closed}</output>
      <output aria-label="Sent to">{sentTo}</output>
    </>
  );
}

const DEFAULTS = ['qc.team@qc.example', 'qc.audit@qc.example', 'qc.leads@qc.example', 'ra.pune@qc.example', 'west.region@qc.example'];

/**
 * Proposed recipients: the three QC mailboxes, then the RA and regional department. No recipient, or an invalid one,
 * alerts 'Please select recipients'; a valid list sends them comma-joined, toasts 'Email Sent!' and closes.
 */
export const RiMailSend: Story = {
  render: () => <MailPopup answer={{ detail: 'sent' }} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const dialog = within(await page().findByRole('dialog', { name: 'Send Mail' }));
    const list = dialog.getByRole('list', { name: 'Recipients' });
    await expect(within(list).getAllByRole('listitem').map((li) => li.textContent?.replace('×', '').trim())).toEqual(DEFAULTS);

    for (const email of DEFAULTS) await userEvent.click(dialog.getByRole('button', { name: `Remove ${email}` }));
    await userEvent.click(dialog.getByRole('button', { name: 'Send' }));
    await expect(canvas.getByRole('status', { name: 'Alerts' })).toHaveTextContent('Please select recipients');

    await userEvent.type(dialog.getByRole('textbox', { name: 'Add recipient' }), 'not-an-email{Enter}');
    await userEvent.click(dialog.getByRole('button', { name: 'Send' }));
    await expect(canvas.getByRole('status', { name: 'Alerts' })).toHaveTextContent('Please select recipients | Please select recipients');
    await expect(canvas.getByRole('status', { name: 'Sent to' })).toHaveTextContent('');

    await userEvent.click(dialog.getByRole('button', { name: 'Remove not-an-email' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Add recipient' }), 'qc.team@qc.example');
    await userEvent.click(dialog.getByRole('button', { name: 'Add' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Add recipient' }), 'ra.pune@qc.example{Enter}');
    await userEvent.click(dialog.getByRole('button', { name: 'Send' }));
    await expect(await page().findByText('Email Sent!')).toBeInTheDocument();
    await expect(canvas.getByRole('status', { name: 'Sent to' })).toHaveTextContent('qc.team@qc.example,ra.pune@qc.example');
    await expect(canvas.getByRole('status', { name: 'Closed' })).toHaveTextContent('sent');
  },
};

/** The server refuses: 'Email send issue', and the popup stays open with its recipients. */
export const RiMailFails: Story = {
  render: () => <MailPopup answer={fail(500)} />,
  play: async () => {
    const dialog = within(await page().findByRole('dialog', { name: 'Send Mail' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Send' }));
    await expect(await page().findByText('Email send issue')).toBeInTheDocument();
    await expect(page().getByRole('dialog', { name: 'Send Mail' })).toBeInTheDocument();
    await expect(dialog.getAllByRole('listitem')).toHaveLength(DEFAULTS.length);
  },
};

// ---- Row finder and shortcuts overlay ----

const row = (key: string, title: string, group: string, section: string, value: string, error = false): CandidateRow => ({ key, title, group, section, value, error });

/** Candidate rows as a car review hands them (every tab), plus refurbishment-like items: the finder only sees this shape. */
const ROWS: CandidateRow[] = [
  row('registrationNumber', 'Registration Number', 'Documents', 'carDetails', 'MH01AB1234'),
  row('odometerReading', 'Odometer Reading', 'Documents', 'carDetails', '79751', true),
  row('insuranceType', 'Insurance Type', 'Documents', 'insurance', 'Comprehensive'),
  row('bonnet', 'Bonnet', 'EXTERIOR', 'exteriorTyres', 'Scratched'),
  row('frontTyre', 'Front Tyre', 'EXTERIOR', 'exteriorTyres', 'Worn'),
  row('odometerLight', 'Odometer Light', 'INTERIOR', 'electrical', 'Working'),
];

function Finder() {
  const [chosen, setChosen] = useState<string | null>(null);
  const [open, setOpen] = useState(true);
  return (
    <>
      {open && (
        <RowFinder
          rows={() => ROWS}
          onChoose={(key) => {
            setChosen(key);
            setOpen(false);
          }}
          onClose={() => setOpen(false)}
        />
      )}
      <output aria-label="Chosen row">{chosen}</output>
    </>
  );
}

/**
 * Typing filters every tab's rows by title, section and value (all words must match); ↓ moves the active option and
 * Enter goes to it. Nothing matching says 'No results found'.
 */
export const FinderChoosesByKeyboard: Story = {
  render: () => <Finder />,
  play: async ({ canvasElement }) => {
    const box = await page().findByRole('combobox', { name: 'Find a row' });
    await expect(box).toHaveFocus();
    await userEvent.type(box, 'odometer');
    const options = () => page().getAllByRole('option').map((o) => o.querySelector('.finder-title')?.textContent);
    await expect(options()).toEqual(['Odometer Reading', 'Odometer Light']);
    await userEvent.clear(box);
    await userEvent.type(box, 'tyres worn');
    await expect(options()).toEqual(['Front Tyre']);
    await userEvent.clear(box);
    await userEvent.type(box, 'nothing like this');
    await expect(page().getByText('No results found')).toBeInTheDocument();
    await userEvent.clear(box);
    await userEvent.type(box, 'odometer{ArrowDown}');
    await expect(page().getByRole('option', { selected: true })).toHaveTextContent('Odometer Light');
    await userEvent.keyboard('{Enter}');
    await expect(within(canvasElement).getByRole('status', { name: 'Chosen row' })).toHaveTextContent('odometerLight');
    await expect(page().queryByRole('dialog', { name: 'Find a row' })).not.toBeInTheDocument();
  },
};

/** The `?` overlay of the car review: exactly its shortcuts, in catalogue order. */
export const ShortcutsHelpCar: Story = {
  render: () => <ShortcutHelp shortcuts={shortcutList(CAR_SHORTCUTS)} onClose={() => undefined} />,
  play: async () => {
    const table = within(await page().findByRole('table', { name: 'Shortcuts' }));
    const keys = table.getAllByRole('rowheader').map((th) => th.textContent);
    await expect(keys).toEqual(shortcutList(CAR_SHORTCUTS).map((s) => s.keys));
    await expect(table.getByRole('row', { name: /Ctrl\+Enter/ })).toHaveTextContent('Submit (every pre-submit check still runs)');
    await expect(table.getByRole('row', { name: /\]/ })).toHaveTextContent('Next / previous tab');
  },
};

/** A screen with sections rather than tabs (refurbishment, GS): ] / [ step through sections; no tick, edit or next error. */
const SECTION_SCREEN: readonly ShortcutId[] = ['find', 'rows', 'remark', 'sections', 'submit', 'help'];

/** The review's tool buttons open the finder and the help; choosing a row closes the finder and goes to it. */
export const ToolsOpenOverlays: Story = {
  render: function Render() {
    const [overlay, setOverlay] = useState<ReviewOverlay | null>(null);
    const [went, setWent] = useState<string | null>(null);
    return (
      <>
        <ReviewTools shortcuts={SECTION_SCREEN} onOpen={setOverlay} onNextError={() => undefined} />
        <ReviewOverlays overlay={overlay} rows={() => ROWS} shortcuts={shortcutList(SECTION_SCREEN)} onClose={() => setOverlay(null)} goToRow={setWent} />
        <output aria-label="Went to">{went}</output>
      </>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // No 'nextError' shortcut on this screen: no 'Next error' button either.
    await expect(canvas.queryByRole('button', { name: 'Next error' })).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Keyboard shortcuts' }));
    const table = within(await page().findByRole('table', { name: 'Shortcuts' }));
    await expect(table.getAllByRole('row')).toHaveLength(shortcutList(SECTION_SCREEN).length);
    await expect(table.getByRole('row', { name: /\]/ })).toHaveTextContent('Next / previous section');
    await expect(table.queryByText('Tick / untick the row')).not.toBeInTheDocument();
    await userEvent.click(page().getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(page().queryByRole('table', { name: 'Shortcuts' })).not.toBeInTheDocument());

    await userEvent.click(canvas.getByRole('button', { name: 'Find row' }));
    await userEvent.type(await page().findByRole('combobox', { name: 'Find a row' }), 'bonnet');
    await userEvent.click(page().getByRole('option', { name: /Bonnet/ }));
    await expect(canvas.getByRole('status', { name: 'Went to' })).toHaveTextContent('bonnet');
    await expect(page().queryByRole('dialog', { name: 'Find a row' })).not.toBeInTheDocument();
  },
};

// ---- Make / model / variant ----

const { engine: carEngine, config: carConfig } = getProduct('car');

const variant = (id: number, name: string, year: number, status = 'Active', yearStatus = 'Active', parent: number | null = null) => ({
  variant_id: id,
  variant_name: name,
  variant_display_name: name,
  variant_parent_id: parent,
  variant_status: status,
  variantyear_status: yearStatus,
  fuel_type: 'Petrol',
  year,
});

/** The lookups as the server answers them: VXI twice (two years), an inactive variant and an inactive year. */
const MMV_ROUTES = {
  'GET make': { detail: [{ make_id: 1, make_name: 'Maruti Suzuki' }, { make_id: 2, make_name: 'Hyundai' }] },
  'GET make/1': { detail: [{ model_id: 11, model_name: 'Swift' }, { model_id: 12, model_name: 'Baleno' }] },
  'GET make/2': { detail: [{ model_id: 21, model_name: 'i20' }] },
  'GET variant-year': ({ params }: { params: Record<string, unknown> }) => ({
    detail:
      Number(params.modelId) === 11
        ? [variant(111, 'VXI', 2018), variant(111, 'VXI', 2019), variant(112, 'ZXI', 2019), variant(113, 'LXI (discontinued)', 2019, 'Inactive'), variant(114, 'ZXI Plus', 2019, 'Active', 'Inactive')]
        : [variant(211, 'Sportz', 2019)],
  }),
};

const mmvInspection = generateInspection(carConfig, { values: { make: 'Maruti Suzuki', model: 'Swift', variant: 'VXI', fuelType: 'Petrol', year: 2019 } });

function MmvPanel({ canEdit }: { canEdit: boolean }) {
  const [alerts, setAlerts] = useState<string[]>([]);
  const [model, setModel] = useState(() => {
    serve(MMV_ROUTES);
    return carEngine.evaluate(mmvInspection);
  });
  const onEdit = useCallback((edit: Edit) => setModel((m) => carEngine.apply(m, edit)), []);
  const shown = (key: string): Scalar | undefined => model.rows[key]?.newValue ?? model.rows[key]?.value;
  return (
    <ProductProvider product="car">
      <VariantPanel
        make={model.rows.make}
        model={model.rows.model}
        variant={model.rows.variant}
        fuelType={shown('fuelType') ?? null}
        year={shown('year')}
        canEdit={canEdit}
        onEdit={onEdit}
        alert={(m) => setAlerts((a) => [...a, m])}
      />
      <output aria-label="Recorded">
        {String(shown('make'))} / {String(shown('model'))} / {String(shown('variant'))}
      </output>
      <output aria-label="Alerts">{alerts.join(' | ')}</output>
    </ProductProvider>
  );
}

const optionTexts = (select: HTMLElement) => [...(select as HTMLSelectElement).options].map((o) => o.text);

/**
 * Only variants active in both statuses are offered, each once however many years it has; Save is enabled by a
 * change; a blank variant alerts 'Select all the fields'; a full choice is recorded on the make, model and variant rows.
 */
export const VariantPanelAssignee: Story = {
  render: () => <MmvPanel canEdit />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const variantSelect = canvas.getByRole('combobox', { name: 'Variant' });
    await waitFor(() => expect(optionTexts(variantSelect)).toEqual(['Select', 'VXI', 'ZXI']));
    await expect(canvas.getByRole('combobox', { name: 'Make' })).toHaveDisplayValue('Maruti Suzuki');
    const save = canvas.getByRole('button', { name: 'Save changes' });
    await expect(save).toBeDisabled();

    await userEvent.selectOptions(variantSelect, '');
    await expect(save).toBeEnabled();
    await userEvent.click(save);
    await expect(canvas.getByRole('status', { name: 'Alerts' })).toHaveTextContent('Select all the fields');

    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Model' }), 'Baleno');
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Model' }), 'Swift');
    await waitFor(() => expect(optionTexts(variantSelect)).toEqual(['Select', 'VXI', 'ZXI']));
    await userEvent.selectOptions(variantSelect, 'ZXI');
    await userEvent.click(save);
    await expect(canvas.getByRole('status', { name: 'Recorded' })).toHaveTextContent('Maruti Suzuki / Swift / ZXI');
    await expect(save).toBeDisabled();
  },
};

/** Not the assignee: the recorded choices, disabled, no Save. */
export const VariantPanelReadOnly: Story = {
  render: () => <MmvPanel canEdit={false} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('combobox', { name: 'Variant' })).toBeDisabled();
    await expect(canvas.getByRole('combobox', { name: 'Variant' })).toHaveDisplayValue('VXI');
    await expect(canvas.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
  },
};
