import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router-dom';
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
