import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { noDrafts } from '../support/drafts.ts';
import { ProductProvider } from '../../src/products/ProductProvider.tsx';
import ReviewScreen from '../../src/screens/review/ReviewScreen.tsx';
import { PENDING, fail, serve, signIn } from '../support/api.ts';
import { picture } from '../support/images.ts';
import { CAR_INSPECTIONS, VIEWERS, carReviewRoutes, type CarInspectionName, type ViewerName } from '../support/car.ts';

const CUSTOMER_DOCUMENTS = {
  preRcImages: ['RC Front', 'RC Back'].map((imageTitle) => ({ type: 'rc', imageTitle, url: picture(imageTitle), qcAction: null })),
  preInsuranceImages: [{ type: 'insurance', imageTitle: 'Insurance Policy', url: picture('Insurance Policy'), qcAction: null }],
};

interface Args {
  /** A seeded inspection, generated from the car config. */
  inspection: CarInspectionName;
  /** Who opens the review: only the assignee edits and submits (spec 000 §6). */
  role: ViewerName;
  /** The status the version list passes when a past version is opened (read-only). */
  pastVersion: string;
  /** How the inspection call answers. */
  server: 'answers' | 'loading' | 'fails';
  /** The customer uploaded RC and insurance images before the inspection (the documents popup, 000 §4). */
  customerDocuments: boolean;
}

function CarReview({ inspection, role, pastVersion, server, customerDocuments }: Args) {
  const detail = CAR_INSPECTIONS[inspection];
  serve(
    carReviewRoutes(detail, {
      ...(server === 'loading' ? { 'GET v2/inspection/*': PENDING } : {}),
      ...(server === 'fails' ? { 'GET v2/inspection/*': fail(500, 'Inspection could not be loaded') } : {}),
      ...(customerDocuments ? { 'GET api/getRcInsuranceDocs': { detail: CUSTOMER_DOCUMENTS }, 'PUT api/approval': { detail: 'ok' } } : {}),
    }),
  );
  signIn(VIEWERS[role]);
  return (
    <MemoryRouter key={`${inspection}|${role}|${pastVersion}|${server}|${customerDocuments}`} initialEntries={[{ pathname: `/review/${detail.carId}`, state: pastVersion ? { inspectionStatus: pastVersion } : null }]}>
      <Routes>
        <Route
          path="/review/:carId"
          element={
            <ProductProvider product="car">
              <ReviewScreen drafts={noDrafts} recordingSupported={false} />
            </ProductProvider>
          }
        />
        <Route path="/inspection" element={<p>Back on the inspection list</p>} />
      </Routes>
    </MemoryRouter>
  );
}

/**
 * The car product's review screen (/review/{carId}), generated from src/config/car and run by the real engine and
 * machines; the calls it makes are answered from fixtures. Pick the seeded inspection and who opens it.
 */
const meta = {
  title: 'Products/Car review',
  component: CarReview,
  parameters: { layout: 'fullscreen' },
  args: { inspection: 'New inspection, Comprehensive insurance', role: 'qc (assignee)', pastVersion: '', server: 'answers', customerDocuments: false },
  argTypes: {
    inspection: { control: 'select', options: Object.keys(CAR_INSPECTIONS) },
    role: { control: 'select', options: Object.keys(VIEWERS) },
    pastVersion: { control: 'select', options: ['', 'smReview', 'smReviewRejected', 'done'] },
    server: { control: 'inline-radio', options: ['answers', 'loading', 'fails'] },
  },
} satisfies Meta<typeof CarReview>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Goes to a row through the row finder (rows are virtualized: only those near the view are in the page). */
async function goToRow(canvas: ReturnType<typeof within>, title: string) {
  await userEvent.click(await canvas.findByRole('button', { name: 'Find row' }));
  await userEvent.keyboard(title);
  await userEvent.keyboard('{Enter}');
  return canvas.findByRole('group', { name: title });
}

/** The assignee: every row editable, the footer with Submit. */
export const Assignee: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('tab', { name: /Documents/ })).toBeInTheDocument();
    await expect(await canvas.findByRole('button', { name: 'Submit' })).toBeEnabled();
  },
};

/**
 * A laptop's window (1280 px): the Documents tab's make/model/variant panel is one line, its title beside the
 * pickers, so the rows under it get that line back (the panel was ~100 px, title over the pickers).
 */
export const AssigneeOnALaptop: Story = {
  decorators: [(Story) => <div style={{ width: 1280 }}><Story /></div>],
  play: async ({ canvasElement }) => {
    const panel = await within(canvasElement).findByRole('region', { name: 'Make Model Variant' });
    const title = within(panel).getByRole('heading', { name: 'Make / Model / Variant' }).getBoundingClientRect();
    const make = within(panel).getByRole('combobox', { name: 'Make' }).getBoundingClientRect();
    expect(title.bottom).toBeGreaterThan(make.top);
    expect(panel.getBoundingClientRect().height).toBeLessThan(75);
  },
};

/** Spec 000 §4: 3rd Party insurance shows the expiry only; the no-claim bonus row disappears. */
export const ThirdPartyDropsNoClaimBonus: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const insurance = await goToRow(canvas, 'Insurance Type');
    await expect(canvas.getByRole('group', { name: 'No Claim Bonus' })).toBeInTheDocument();
    await userEvent.selectOptions(within(insurance).getByRole('combobox', { name: 'Insurance Type new value' }), '3rd Party');
    await expect(canvas.queryByRole('group', { name: 'No Claim Bonus' })).not.toBeInTheDocument();
    await expect(canvas.getByRole('group', { name: 'Insurance Expiry' })).toBeInTheDocument();
  },
};

/** Spec 000 §4: no-claim bonus No drops the percentage row, Yes brings it back. */
export const NoClaimBonusPercentage: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const bonus = await goToRow(canvas, 'No Claim Bonus');
    const select = within(bonus).getByRole('combobox', { name: 'No Claim Bonus new value' });
    await userEvent.selectOptions(select, 'No');
    await expect(canvas.queryByRole('group', { name: 'No Claim Bonus Percentage' })).not.toBeInTheDocument();
    await userEvent.selectOptions(select, 'Yes');
    await expect(await canvas.findByRole('group', { name: 'No Claim Bonus Percentage' })).toBeInTheDocument();
  },
};

/** Spec 000 §4: 'No Mismatch' is exclusive in the Mismatch In RC multi-select. */
export const MismatchInRcExclusive: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const row = await goToRow(canvas, 'Mismatch In RC');
    const boxes = within(row).getAllByRole('checkbox').filter((b) => b.getAttribute('aria-label') === null);
    const noMismatch = within(row).getByRole('checkbox', { name: 'No Mismatch' });
    const other = boxes.find((b) => b !== noMismatch)!;
    await userEvent.click(noMismatch);
    await userEvent.click(other);
    await expect(other).toBeChecked();
    await expect(noMismatch).not.toBeChecked();
    await userEvent.click(noMismatch);
    await expect(noMismatch).toBeChecked();
    await expect(other).not.toBeChecked();
  },
};

/** Another reviewer holds the inspection: everything read-only, no Submit. */
export const ReadOnly: Story = {
  args: { role: 'qc (another reviewer)' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('tab', { name: /Documents/ });
    await expect(canvas.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    await expect(canvas.getAllByRole('checkbox', { name: /^Reject / })[0]).toBeDisabled();
  },
};

/** A past version opened from the version list: read-only even for the assignee, no Submit, no dummy flag. */
export const PastVersion: Story = {
  args: { pastVersion: 'smReviewRejected', inspection: 'Re-inspection with RI changes' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('tab', { name: /Documents/ });
    await expect(canvas.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
  },
};

export const VersionViewer: Story = { args: { role: 'qc-Version (version viewer)' } };

/** Unassigned: 'Assign to me' in the header. */
export const Unassigned: Story = {
  args: { inspection: 'Unassigned' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: /assign to me/i })).toBeInTheDocument();
  },
};

export const ReInspection: Story = { args: { inspection: 'Re-inspection with RI changes' } };

export const InsuranceExpiredQcAudit: Story = { args: { inspection: 'Insurance Expired, registry says valid (QC audit)' } };

export const Loading: Story = {
  args: { server: 'loading' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading...')).toBeInTheDocument();
  },
};

export const LoadFailed: Story = {
  args: { server: 'fails' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Inspection could not be loaded')).toBeInTheDocument();
  },
};

/** 000 §4: the customer's documents popup (opened from its bar); RC images need an RC type first, Confirm waits until every image is actioned. */
export const CustomerDocuments: Story = {
  args: { customerDocuments: true },
  play: async ({ canvasElement }) => {
    // The popup starts closed behind a bar, so it does not spend the countdown on a dialog nobody asked for.
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Customer Documents' }, { timeout: 5000 }));
    const dialog = await within(document.body).findByRole('dialog', { name: 'Customer Documents' });
    const popup = within(dialog);
    const confirm = popup.getByRole('button', { name: 'Confirm' });
    const rcFront = within(popup.getByRole('group', { name: 'RC Front' }));
    await expect(rcFront.getByRole('button', { name: 'Approve' })).toBeDisabled();
    await userEvent.selectOptions(popup.getByRole('combobox', { name: 'RC Type' }), 'Original');
    await userEvent.click(rcFront.getByRole('button', { name: 'Approve' }));
    await userEvent.click(within(popup.getByRole('group', { name: 'RC Back' })).getByRole('button', { name: 'Reject' }));
    await expect(confirm).toBeDisabled();
    await userEvent.click(within(popup.getByRole('group', { name: 'Insurance Policy' })).getByRole('button', { name: 'Approve' }));
    await expect(confirm).toBeEnabled();
  },
};
