import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router-dom';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Header } from '../src/app/Header.tsx';
import { PerformanceView } from '../src/app/PerformancePanel.tsx';
import type { LoginData } from '../src/api/session.ts';

const session = (role: string, name: string): LoginData => ({ access_token: 'story', role, email: `${role}@qc.example`, name, isExcludedUser: false });

/** The header shell by role (spec 000 §2 'Header'). Without a server the QC leaderboard stays hidden, as on a failed fetch. */
const meta = {
  title: 'App/Header',
  component: Header,
  decorators: [
    (Story) => (
      <MemoryRouter initialEntries={['/inspection']}>
        <Story />
      </MemoryRouter>
    ),
  ],
  args: { session: session('qc', 'Asha Reviewer') },
} satisfies Meta<typeof Header>;

export default meta;
type Story = StoryObj<typeof meta>;

export const QcReviewer: Story = {};
export const QcAdmin: Story = { args: { session: session('SM-QcAdmin', 'Vikram Admin') } };
export const GsTeam: Story = { args: { session: session('gs', 'Gaurav Gs') } };
export const VersionViewer: Story = { args: { session: session('qc-Version', 'Meera Version') } };

const inView = (nav: HTMLElement) => {
  const row = nav.querySelector('.nav-links')!.getBoundingClientRect();
  return within(nav).queryAllByRole('link').filter((a) => a.getBoundingClientRect().right <= row.right + 0.5);
};

/**
 * 'More' and 'Admin' sit by the user's name whether or not links overflow, so they do not jump across the header as
 * the window crosses the width where the last link fits, and no hole opens on their left at some widths.
 */
const menusByTheName = (canvas: ReturnType<typeof within>) => {
  const admin = canvas.getByRole('button', { name: 'Admin ▾' }).getBoundingClientRect();
  expect(canvas.getByText('Vikram Admin').getBoundingClientRect().left - admin.right).toBeLessThan(20);
};

/**
 * The QC admin's header on a 1024-px laptop: the links that do not fit are not cut off (nor scrolled) but listed in
 * 'More', in order; Escape closes it and puts focus back on its button.
 */
export const QcAdminOnALaptop: Story = {
  args: { session: session('SM-QcAdmin', 'Vikram Admin') },
  decorators: [(Story) => <div style={{ width: 1024 }}><Story /></div>],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const nav = canvas.getByRole('navigation', { name: 'Main' });
    const more = await canvas.findByRole('button', { name: 'More ▾' });
    const shown = inView(nav).map((a) => a.textContent);
    expect(shown[0]).toBe('Car QC');
    await userEvent.click(more);
    const listed = within(canvas.getByRole('list', { name: 'More' })).getAllByRole('link').map((a) => a.textContent);
    expect(listed.length).toBeGreaterThan(0);
    expect([...shown, ...listed]).toEqual(['Car QC', 'Bike QC', 'Versions', 'Refurbishment', 'Refurbishment Versions', 'GS Unflagging', 'Car Variants', 'Config Studio']);
    await userEvent.keyboard('{Escape}');
    expect(canvas.queryByRole('list', { name: 'More' })).toBeNull();
    expect(more).toHaveFocus();
    menusByTheName(canvas);
  },
};

/** On a wide screen every link is in the row and there is no 'More'. */
export const QcAdminWide: Story = {
  args: { session: session('SM-QcAdmin', 'Vikram Admin') },
  decorators: [(Story) => <div style={{ width: 1600 }}><Story /></div>],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const nav = canvas.getByRole('navigation', { name: 'Main' });
    await waitFor(() => expect(inView(nav)).toHaveLength(8));
    expect(canvas.queryByRole('button', { name: 'More ▾' })).toBeNull();
    menusByTheName(canvas);
  },
};

/** The QC performance panel: rank with its ordinal and the 'Top Performer of day' table. */
export const PerformancePanel: StoryObj = {
  render: () => (
    <div className="app-header">
      <PerformanceView
        board={{
          topPerformers: [
            { user: 'ravi@qc.example', totalNoReview: 41, tat: 9, rank: 1, isActive: true },
            { user: 'asha@qc.example', totalNoReview: 30, tat: 12, rank: 2, isActive: false },
            { user: 'sunita@qc.example', totalNoReview: 28, tat: 14, rank: 3, isActive: true },
          ],
          myPerformance: { rank: 2, totalNoReview: 30, tat: 12 },
        }}
      />
    </div>
  ),
};
