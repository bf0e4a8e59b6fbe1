import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { InspectionTable } from '../src/screens/inspections/InspectionTable.tsx';
import { listRows } from './fixtures.ts';

/** The car inspection list's table in each state of spec 000 §2. */
const meta = {
  title: 'Inspection list/Table',
  component: InspectionTable,
  args: {
    rows: [],
    total: 0,
    loading: false,
    error: null,
    hasMore: false,
    showAssign: true,
    onEndReached: fn(),
    onOpen: fn(),
    onAssign: fn(),
  },
} satisfies Meta<typeof InspectionTable>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { loading: true } };

export const Empty: Story = {};

export const Failed: Story = { args: { error: 'Request failed with status code 500' } };

export const Rows: Story = { args: { rows: listRows(40), total: 40 } };

/** Assign-to-me hidden (auto-assignment sleep time above 0): unassigned rows show '-'. */
export const WithoutAssignToMe: Story = { args: { rows: listRows(12), total: 12, showAssign: false } };

/** 5,000 loaded rows: only the rows in view are in the DOM. */
export const ThousandsOfRows: Story = { args: { rows: listRows(5000), total: 12840, hasMore: true } };

export const LoadingMore: Story = { args: { rows: listRows(50), total: 180, hasMore: true, loading: true } };
