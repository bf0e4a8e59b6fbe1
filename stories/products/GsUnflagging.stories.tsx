import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { Toasts } from '../../src/components/Toasts.tsx';
import { GsDetailScreen } from '../../src/screens/gs/GsDetailScreen.tsx';
import { ProductProvider } from '../../src/products/ProductProvider.tsx';
import { PENDING, fail, serve, sessionFor, signIn } from '../support/api.ts';
import { gsDetail, gsRoutes } from '../support/gs.ts';
import { ACCENT_BACKGROUND } from '../support/style.ts';
import '../../src/screens/gs/gs.css';

const CARS = {
  'Alpha car': gsDetail(),
  'Beta car': gsDetail({ appointmentId: '2051200002', conditionFlag: 4 }),
  'Hard Beta car': gsDetail({ appointmentId: '2051200003', conditionFlag: 4, hardBeta: true }),
};

const VIEWERS = {
  'gs (assignee)': sessionFor('gs', 'gs.team@qc.example', 'Gaurav Gs'),
  'SM-QcAdmin (not assignee)': sessionFor('SM-QcAdmin', 'qc.admin@qc.example', 'Vikram Admin'),
};

interface Args {
  /** A seeded flagged car. */
  inspection: keyof typeof CARS;
  /** The action bar shows only to the car's assignee (spec 002 §2). */
  role: keyof typeof VIEWERS;
  server: 'answers' | 'loading' | 'fails' | 'not found';
}

function GsDetail({ inspection, role, server }: Args) {
  const detail = CARS[inspection];
  const answer = server === 'loading' ? PENDING : server === 'fails' ? fail(500) : server === 'not found' ? fail(404, 'Not found') : { detail };
  serve(gsRoutes(detail, { 'GET v2/gs-dealer-data/*': answer }));
  signIn(VIEWERS[role]);
  return (
    <MemoryRouter key={`${inspection}|${role}|${server}`} initialEntries={[`/gs-unflagging-details/${detail.appointmentId}?leadToken=lead-1`]}>
      <Toasts />
      <Routes>
        <Route
          path="/gs-unflagging-details/:appointmentId"
          element={
            <ProductProvider product="gs-unflagging">
              <GsDetailScreen />
            </ProductProvider>
          }
        />
        <Route path="/gs-unflagging" element={<p>Back on the GS unflagging list</p>} />
      </Routes>
    </MemoryRouter>
  );
}

/** The GS unflagging product's detail (/gs-unflagging-details/{appointmentId}), its actions from src/config/gs-unflagging. */
const meta = {
  title: 'Products/GS unflagging detail',
  component: GsDetail,
  parameters: { layout: 'fullscreen' },
  args: { inspection: 'Alpha car', role: 'gs (assignee)', server: 'answers' },
  argTypes: {
    inspection: { control: 'select', options: Object.keys(CARS) },
    role: { control: 'select', options: Object.keys(VIEWERS) },
    server: { control: 'inline-radio', options: ['answers', 'loading', 'fails', 'not found'] },
  },
} satisfies Meta<typeof GsDetail>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Spec 002 §2: changing an Alpha car to Beta asks for the reason, the disposition and the wrong granularities. */
export const AlphaChangeToBeta: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Change to Beta' }));
    await expect(canvas.getByRole('textbox', { name: 'Reason' })).toBeInTheDocument();
    await expect(canvas.getByText('Select All Wrong Granularities')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Un-flag this car' }));
    await expect(canvas.queryByText('Select All Wrong Granularities')).not.toBeInTheDocument();
    // The form's Submit is the screen's main action: it wears the accent, as every review's Submit does.
    expect(getComputedStyle(canvas.getByRole('button', { name: 'Submit' })).backgroundColor).toBe(ACCENT_BACKGROUND);
  },
};

/**
 * A laptop's window (1280 × 720, the app's header 48 px): the slider keeps its 500 px (spec 002 §9), and the
 * assignee's actions and the form an action opens are in the first screen, beside it, not below it.
 */
export const AssigneeOnALaptop: Story = {
  decorators: [(Story) => <div style={{ width: 1280 }}><Story /></div>],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const bar = await canvas.findByRole('region', { name: 'Flag action' });
    const top = canvasElement.querySelector('main')!.getBoundingClientRect().top;
    const below = (el: Element) => el.getBoundingClientRect().bottom - top;
    expect(canvasElement.querySelector('.gs-slider img')!.getBoundingClientRect().height).toBe(500);
    await userEvent.click(within(bar).getByRole('button', { name: 'Change to Beta' }));
    expect(below(within(bar).getByRole('button', { name: 'Submit' }))).toBeLessThan(720 - 48);
    await expect(canvas.getByText('Show Important')).toBeVisible();
  },
};

/** Spec 002 §4: 'Change to …' is disabled for a Hard Beta car. */
export const HardBetaCannotChange: Story = {
  args: { inspection: 'Hard Beta car' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Change to Alpha' })).toBeDisabled();
  },
};

export const BetaCar: Story = { args: { inspection: 'Beta car' } };

export const NotAssignee: Story = {
  args: { role: 'SM-QcAdmin (not assignee)' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('2051200001 | New inspection');
    await expect(canvas.queryByRole('region', { name: 'Flag action' })).not.toBeInTheDocument();
  },
};

export const Loading: Story = { args: { server: 'loading' } };
export const LoadFailed: Story = { args: { server: 'fails' } };
export const NotFound: Story = { args: { server: 'not found' } };
