import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { Toasts } from '../../src/components/Toasts.tsx';
import { REFURBISHMENT_CONFIG, submitOutcome, type RemarkEntry } from '../../src/machines/refurbishment.rules.ts';
import { RefurbishmentReviewScreen } from '../../src/screens/refurbishment/RefurbishmentReviewScreen.tsx';
import { ProductProvider } from '../../src/products/ProductProvider.tsx';
import { OTHER_REVIEWER, PENDING, REVIEWER, fail, serve, sessionFor, signIn } from '../support/api.ts';
import { refurbDetail } from '../support/gs.ts';
import { ACCENT_BACKGROUND } from '../support/style.ts';

const SUGGESTIONS = {
  'Before refurbishment (review)': refurbDetail('review'),
  'After refurbishment (refReview)': refurbDetail('refReview'),
  Unassigned: refurbDetail('review', { qcAssignTo: { to: null } }),
};

const VIEWERS = {
  'qc (assignee)': sessionFor('qc', REVIEWER),
  'qc (another reviewer)': sessionFor('qc', OTHER_REVIEWER, 'Ravi Reviewer'),
  'version-pdf': sessionFor('version-pdf', 'version.pdf@qc.example', 'Pavan Pdf'),
};

interface Args {
  /** A seeded refurbishment. */
  inspection: keyof typeof SUGGESTIONS;
  /** Who opens it: only the assignee, in the unversioned view, comments, rejects and submits (spec 001 §5). */
  role: keyof typeof VIEWERS;
  pastVersion: boolean;
  server: 'answers' | 'loading' | 'fails';
}

function RefurbishmentReview({ inspection, role, pastVersion, server }: Args) {
  const detail = SUGGESTIONS[inspection];
  const answer = server === 'loading' ? PENDING : server === 'fails' ? fail(500, 'The refurbishment could not be loaded') : { detail };
  serve({
    'GET v2/refurbishment/*': answer,
    'GET v2/refurbishment-version-detail': answer,
    // The server answers the status the config's outcome gives (server/routes/refurbishment.ts runs the same rules).
    'POST v2/refurbishment/*': ({ body }) => {
      const { status, fields } = body as { status: string; fields: RemarkEntry[] };
      return { detail: { message: 'Review submitted', status: submitOutcome(REFURBISHMENT_CONFIG, status, fields).status, version: detail.version + 1 } };
    },
  });
  signIn(VIEWERS[role]);
  const url = `/gs-refurbishment-review/${detail.appointmentId}${pastVersion ? `?version=${detail.version}&status=${detail.status}` : ''}`;
  return (
    <MemoryRouter key={`${inspection}|${role}|${pastVersion}|${server}`} initialEntries={[url]}>
      <Toasts />
      <Routes>
        <Route
          path="/gs-refurbishment-review/:appointmentId"
          element={
            <ProductProvider product="refurbishment">
              <RefurbishmentReviewScreen />
            </ProductProvider>
          }
        />
        <Route path="/gs-refurbishment" element={<p>Back on the refurbishment list</p>} />
      </Routes>
    </MemoryRouter>
  );
}

/** The refurbishment product's review (/gs-refurbishment-review/{appointmentId}), its outcomes from src/config/refurbishment. */
const meta = {
  title: 'Products/Refurbishment review',
  component: RefurbishmentReview,
  parameters: { layout: 'fullscreen' },
  args: { inspection: 'Before refurbishment (review)', role: 'qc (assignee)', pastVersion: false, server: 'answers' },
  argTypes: {
    inspection: { control: 'select', options: Object.keys(SUGGESTIONS) },
    role: { control: 'select', options: Object.keys(VIEWERS) },
    server: { control: 'inline-radio', options: ['answers', 'loading', 'fails'] },
  },
} satisfies Meta<typeof RefurbishmentReview>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Assignee: Story = {
  play: async ({ canvasElement }) => {
    // SUBMIT is the screen's main action: it wears the accent, as every review's Submit does.
    const submit = await within(canvasElement).findByRole('button', { name: 'SUBMIT' });
    expect(getComputedStyle(submit).backgroundColor).toBe(ACCENT_BACKGROUND);
  },
};

/**
 * A laptop's window (1280 px): an item's QC Comment and Reject sit beside its pictures and text rather than under
 * them, so an item is one short band and several are in view; after refurbishment, before, after and QC are three
 * columns.
 */
const besideEachOther = async (canvasElement: HTMLElement, columns: string[]) => {
  const item = await within(canvasElement).findByRole('region', { name: 'Exterior - Front Bumper' });
  const parts = [...item.querySelectorAll('.refurb-side'), item.querySelector('.refurb-qc')!].map((el) => el.getBoundingClientRect());
  expect(parts.map((r) => Math.round(r.top))).toEqual(parts.map(() => Math.round(parts[0].top)));
  expect(parts.length).toBe(columns.length);
  // Stacked, the item was ~380 px tall in review and ~720 after refurbishment.
  expect(item.getBoundingClientRect().height).toBeLessThan(340);
};
export const AssigneeOnALaptop: Story = {
  decorators: [(Story) => <div style={{ width: 1280 }}><Story /></div>],
  play: ({ canvasElement }) => besideEachOther(canvasElement, ['before', 'QC']),
};
export const AfterRefurbishmentOnALaptop: Story = {
  args: { inspection: 'After refurbishment (refReview)' },
  decorators: [(Story) => <div style={{ width: 1280 }}><Story /></div>],
  play: ({ canvasElement }) => besideEachOther(canvasElement, ['before', 'after', 'QC']),
};

/** Spec 001 §4: a rejected item in review makes the submitted status 'rejected'. */
export const RejectAnItemSubmitsRejected: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const item = await canvas.findByRole('region', { name: 'Exterior - Front Bumper' });
    await userEvent.click(within(item).getByRole('switch', { name: 'Reject Front Bumper' }));
    await userEvent.click(canvas.getByRole('button', { name: 'SUBMIT' }));
    await expect(await within(document.body).findByText('Refurbishment review submitted (rejected)', {}, { timeout: 5000 })).toBeInTheDocument();
  },
};

/** Spec 001 §4: nothing rejected after refurbishment makes the status 'done'; actual costs and totals show. */
export const AfterRefurbishmentSubmitsDone: Story = {
  args: { inspection: 'After refurbishment (refReview)' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/Total Actual Cost/)).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'SUBMIT' }));
    await expect(await within(document.body).findByText('Refurbishment review submitted (done)', {}, { timeout: 5000 })).toBeInTheDocument();
  },
};

export const ReadOnly: Story = {
  args: { role: 'qc (another reviewer)' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('region', { name: 'Exterior - Front Bumper' });
    await expect(canvas.queryByRole('button', { name: 'SUBMIT' })).not.toBeInTheDocument();
  },
};

export const PastVersion: Story = {
  args: { pastVersion: true, inspection: 'After refurbishment (refReview)' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Version')).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'SUBMIT' })).not.toBeInTheDocument();
  },
};

export const Loading: Story = { args: { server: 'loading' } };

export const LoadFailed: Story = {
  args: { server: 'fails' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('Oops!');
  },
};
