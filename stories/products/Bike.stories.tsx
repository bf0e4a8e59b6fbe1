import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { BikeDetail } from '../../src/api/bike.ts';
import { draftKey, indexedDbDrafts } from '../../src/api/drafts.ts';
import { ProductProvider } from '../../src/products/ProductProvider.tsx';
import BikeReviewScreen from '../../src/screens/bike/BikeReviewScreen.tsx';
import { bikeDetail, pushedBikeDetail } from '../../tests/support/bike.ts';
import { PENDING, fail, serve, sessionFor, signIn } from '../support/api.ts';
import { picture } from '../support/images.ts';
import { ACCENT_BACKGROUND } from '../support/style.ts';

const BIKE_QC = 'bike.qc@qc.example';

/** The seeded bikes (tests/support/bike.ts), their images drawn in place. */
function bike(over: Partial<BikeDetail> = {}, data: Partial<BikeDetail['inspectionData']> = {}, stored: (over: Partial<BikeDetail>) => BikeDetail = bikeDetail): BikeDetail {
  const base = stored(over);
  return {
    ...base,
    images: base.images.map((m) => ({ ...m, uri: m.mediaType === 'video' ? '' : picture(m.title, '#5a3d7a') })),
    inspectionData: { ...base.inspectionData, ...data },
  };
}

const BIKES = {
  'Petrol, B2B, hypothecated (UI version 2)': bike(),
  'Electrical, UI version 1': bike(
    { appointmentId: 'BK26110002', isB2B: false },
    {
      uiVersion: 1,
      isB2B: false,
      bikeDetails: { ...(bikeDetail().inspectionData.bikeDetails as object), fuelType: { title: 'Fuel Type', value: 'Electrical' }, odometer: { title: 'Odometer Reading', value: '23450' } },
    },
  ),
  Unassigned: bike({ appointmentId: 'BK26110003', qcUser: null }),
  'Reviewed (APPROVED)': bike({ appointmentId: 'BK26110004', status: 'APPROVED' }),
  'Pushed, its submit failed (ticks held on the server)': bike({ appointmentId: 'BK26110005' }, {}, pushedBikeDetail),
  'Reviewed (REJECTED)': bike({ appointmentId: 'BK26110006', status: 'REJECTED' }, {}, pushedBikeDetail),
} satisfies Record<string, BikeDetail>;

const VIEWERS = {
  'bike-qc (assignee)': sessionFor('bike-qc', BIKE_QC, 'Bina Bike'),
  'qc (another reviewer)': sessionFor('qc', 'qc.reviewer2@qc.example', 'Ravi Reviewer'),
  'version-pdf': sessionFor('version-pdf', 'version.pdf@qc.example', 'Pavan Pdf'),
};

interface Args {
  /** A seeded bike inspection. */
  inspection: keyof typeof BIKES;
  /** Who opens it: only the bike's qcUser edits and submits (spec 001 §2). */
  role: keyof typeof VIEWERS;
  /** A past version (read-only). */
  pastVersion: boolean;
  server: 'answers' | 'loading' | 'fails';
}

function BikeReview({ inspection, role, pastVersion, server }: Args) {
  const detail = BIKES[inspection];
  serve({
    'GET appointment/*': server === 'loading' ? PENDING : server === 'fails' ? fail(500, 'The bike could not be loaded') : { detail },
    'GET public/appconfig': { detail: { imageUrlTemplate: '{uri}', videoBaseUrl: '' } },
    'GET api/bikeMake': { detail: [{ name: 'Hero', code: 'HERO' }, { name: 'Honda', code: 'HONDA' }] },
    'GET api/bikeModel': { detail: [{ id: 1, name: 'Splendor Plus', variant: [{ name: 'i3S', code: 'I3S' }] }] },
    'GET api/bikeVariant': { detail: [{ name: 'i3S', code: 'I3S' }, { name: 'Xtec', code: 'XTEC' }] },
    'GET api/financerListData': { detail: [{ id: 1, name: 'Hero FinCorp', status: 'active' }] },
    'POST appointment/*/qc/assign': { detail: { ...detail, qcUser: VIEWERS[role].email } },
  });
  signIn(VIEWERS[role]);
  const url = `/bike-review/${detail.appointmentId}${pastVersion ? '?version=0' : ''}`;
  return (
    <MemoryRouter key={`${inspection}|${role}|${pastVersion}|${server}`} initialEntries={[url]}>
      <Routes>
        <Route
          path="/bike-review/:appointmentId"
          element={
            <ProductProvider product="bike">
              <BikeReviewScreen />
            </ProductProvider>
          }
        />
      </Routes>
    </MemoryRouter>
  );
}

/** The bike product's review screen (/bike-review/{appointmentId}), generated from src/config/bike. */
const meta = {
  title: 'Products/Bike review',
  component: BikeReview,
  parameters: { layout: 'fullscreen' },
  args: { inspection: 'Petrol, B2B, hypothecated (UI version 2)', role: 'bike-qc (assignee)', pastVersion: false, server: 'answers' },
  argTypes: {
    inspection: { control: 'select', options: Object.keys(BIKES) },
    role: { control: 'select', options: Object.keys(VIEWERS) },
    server: { control: 'inline-radio', options: ['answers', 'loading', 'fails'] },
  },
} satisfies Meta<typeof BikeReview>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Assignee: Story = {
  play: async ({ canvasElement }) => {
    const submit = await within(canvasElement).findByRole('button', { name: 'Submit' });
    await expect(submit).toBeEnabled();
    // The screen's main action wears the accent, as the car review's Submit does (it used to be a plain button here).
    expect(getComputedStyle(submit).backgroundColor).toBe(ACCENT_BACKGROUND);
  },
};

/**
 * On a 1280-px laptop the header (facts, CJ remarks, links, the make/model/variant panel) leaves the rows most of a
 * 720-px window: the tab panel starts within 320 px of the screen's top (it was ~450 px, four rows in view), and
 * every fact is still there.
 */
export const AssigneeOnALaptop: Story = {
  decorators: [(Story) => <div style={{ width: 1280 }}><Story /></div>],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const panel = await canvas.findByRole('tabpanel');
    await canvas.findByRole('form', { name: 'Make, model and variant' });
    const main = canvasElement.querySelector('main')!;
    expect(panel.getBoundingClientRect().top - main.getBoundingClientRect().top).toBeLessThan(320);
    const facts = Object.fromEntries(Array.from(canvasElement.querySelectorAll('.bike-header dt'), (dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
    const detail = BIKES['Petrol, B2B, hypothecated (UI version 2)'];
    expect(facts).toEqual({
      Version: String(detail.version),
      Status: detail.status,
      Registration: detail.regNo,
      'Make / Model / Variant': `${detail.make} / ${detail.model} / ${detail.variant}`,
      'Inspection End': expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
      'Inspected by': detail.cjName,
      'QC User': BIKE_QC,
    });
    expect(canvas.getByText('CJ Remarks')).toBeVisible();
  },
};

/** Spec 001 §2: hypothecation Yes shows Bank NOC and Loan Paid (UI version 2); No hides them. */
export const HypothecationNoHidesBankNoc: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const row = await canvas.findByRole('group', { name: 'Hypothecation' });
    await expect(canvas.getByRole('group', { name: 'Bank NOC' })).toBeInTheDocument();
    await userEvent.selectOptions(within(row).getByRole('combobox', { name: 'Hypothecation new value' }), 'No');
    await expect(canvas.queryByRole('group', { name: 'Bank NOC' })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('group', { name: 'Loan Paid' })).not.toBeInTheDocument();
  },
};

/** Spec 001 §2: 'Insurance Expired' hides the insurance expiry. */
export const InsuranceExpiredHidesExpiry: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('tab', { name: 'Insurance' }));
    await expect(await canvas.findByRole('group', { name: 'Insurance Expiry' })).toBeInTheDocument();
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Insurance Type new value' }), 'Insurance Expired');
    await expect(canvas.queryByRole('group', { name: 'Insurance Expiry' })).not.toBeInTheDocument();
  },
};

/** UI version 1, hypothecated: the financier name is corrected by choosing an active financier (api/financerListData). */
export const ElectricalUiVersion1: Story = {
  args: { inspection: 'Electrical, UI version 1' },
  play: async ({ canvasElement }) => {
    const row = within(await within(canvasElement).findByRole('group', { name: 'Financier Name' }));
    const choice = row.getByRole('combobox', { name: 'Financier Name new value' });
    await waitFor(() => expect(within(choice).getAllByRole('option').map((o) => o.textContent)).toEqual(['Select', 'Hero FinCorp']));
  },
};

export const ReadOnly: Story = {
  args: { role: 'qc (another reviewer)' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/Read only: only the assigned QC user/)).toBeInTheDocument();
  },
};

export const Unassigned: Story = {
  args: { inspection: 'Unassigned', role: 'qc (another reviewer)' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Assign to me' })).toBeInTheDocument();
  },
};

/**
 * Issue 16 'never lose work': the bike QC user assigns an unassigned bike on its review and ticks a row at once; the
 * tick is kept as a draft (the screen opened read-only, without one, and the draft follows the assignment).
 */
export const AssignedHereKeepsDrafts: Story = {
  args: { inspection: 'Unassigned', role: 'bike-qc (assignee)' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Assign to me' }));
    await canvas.findByRole('button', { name: 'Submit' });
    // The draft of the new key is read first (the screen waits for it, as on opening).
    await userEvent.click(await canvas.findByRole('checkbox', { name: 'Reject Registration Number' }));
    const key = draftKey(BIKE_QC, BIKES.Unassigned.appointmentId, 'bike');
    await waitFor(async () => expect((await indexedDbDrafts.load(key))?.payload).toEqual({ edits: [expect.objectContaining({ type: 'check', key: 'registrationNumber', checked: true })] }), { timeout: 3000 });
  },
};

/**
 * 'Assign to me' by keyboard: the button goes, the shown tab's first row takes its focus (not the page's body). The
 * page stays while the new assignee's draft is read: it used to give way to 'Loading...' for that read (a flash).
 */
export const AssignByKeyboard: Story = {
  args: { inspection: 'Unassigned', role: 'bike-qc (assignee)' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const title = await canvas.findByRole('heading', { name: `Bike review ${BIKES.Unassigned.appointmentId}` });
    (await canvas.findByRole('button', { name: 'Assign to me' })).focus();
    await userEvent.keyboard('{Enter}');
    await canvas.findByRole('button', { name: 'Submit' });
    await expect(title.isConnected).toBe(true);
    await waitFor(() => expect(document.activeElement?.closest('[data-key]')?.getAttribute('aria-label')).toBe('Registration Number'));
  },
};

export const PastVersion: Story = {
  args: { pastVersion: true },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('A past version: read only.')).toBeInTheDocument();
  },
};

/** Make → models (makeCode) → variants (api/bikeVariant by the model's id): the bike's own variant preselected. */
export const MakeModelVariant: Story = {
  play: async ({ canvasElement }) => {
    const panel = within(await within(canvasElement).findByRole('form', { name: 'Make, model and variant' }));
    const variant = panel.getByRole('combobox', { name: 'Variant' });
    await waitFor(() => expect(variant).toHaveValue('I3S'));
    await expect(within(variant).getAllByRole('option').map((o) => o.textContent)).toEqual(['Select', 'i3S', 'Xtec']);
    await userEvent.selectOptions(variant, 'XTEC');
    await expect(panel.getByRole('button', { name: 'Update Make Model Variant' })).toBeEnabled();
  },
};

/** Reopened after a push went through and its submit failed: the ticks and corrections the server holds are back. */
export const HeldTicksRestored: Story = {
  args: { inspection: 'Pushed, its submit failed (ticks held on the server)' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const row = await canvas.findByRole('group', { name: 'Registration Number' });
    await expect(within(row).getByRole('checkbox', { name: 'Reject Registration Number' })).toBeChecked();
    await expect(within(row).getByTitle('Recorded value')).toHaveTextContent('MH12AB1234');
    await expect(within(row).getByRole('textbox')).toHaveValue('MH12AB9999');
    await expect(canvas.queryByText(/Draft restored/)).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('tab', { name: /Main Images/ }));
    await expect(await canvas.findByRole('checkbox', { name: 'Reject Walkaround Video' })).toBeChecked();
  },
};

/** A rejected bike, read only: the ticked rows and what QC corrected them to. */
export const ReviewedRejected: Story = {
  args: { inspection: 'Reviewed (REJECTED)', role: 'qc (another reviewer)' },
  play: async ({ canvasElement }) => {
    const row = await within(canvasElement).findByRole('group', { name: 'Registration Number' });
    await expect(within(row).getByRole('checkbox', { name: 'Reject Registration Number' })).toBeChecked();
    await expect(within(row).getByText('Corrected: MH12AB9999')).toBeInTheDocument();
  },
};

export const Loading: Story = { args: { server: 'loading' } };

export const LoadFailed: Story = {
  args: { server: 'fails' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('The bike could not be loaded');
  },
};
