// @vitest-environment jsdom
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CountsContext, ReviewTabs } from '../../../src/screens/review/ReviewTabs.tsx';
import type { ReviewModel } from '../../../src/engine/types.ts';
import { fakeLayout } from '../../support/layout.ts';

const TABS = ['Documents', 'EXTERIOR', 'INTERIOR', 'SUMMARY'] as const;
const COUNTS = { Documents: 2, EXTERIOR: 0, INTERIOR: 1, SUMMARY: 0 } as ReviewModel['errorsCount'];

/** The tabs as a review holds them: the selected tab in state, its content in the panel. */
function Harness({ counts = COUNTS, counted = true }: { counts?: ReviewModel['errorsCount']; counted?: boolean }) {
  const [tab, setTab] = useState<string>('Documents');
  return (
    <CountsContext.Provider value={counts}>
      <ReviewTabs tabs={TABS} selected={tab} onSelect={setTab} counted={counted} tools={<button type="button">Find row</button>} panelClassName="tab-panel">
        <p>rows of {tab}</p>
      </ReviewTabs>
    </CountsContext.Provider>
  );
}

// react-aria's arrow-key handling looks the focused tab up with CSS.escape, which jsdom lacks (fakeLayout adds it).
let undoLayout: () => void;
beforeEach(() => {
  undoLayout = fakeLayout();
});
afterEach(() => {
  cleanup();
  undoLayout();
});

const selectedTab = () => screen.getByRole('tab', { selected: true });

describe('ReviewTabs: the ARIA tabs pattern of every review with rows', () => {
  it('names each tab with its error count, in a tab list labelled Sections, with the tools on its line', () => {
    render(<Harness />);
    const list = screen.getByRole('tablist', { name: 'Sections' });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Documents (2)', 'EXTERIOR (0)', 'INTERIOR (1)', 'SUMMARY (0)']);
    expect(list.parentElement?.className).toBe('tab-line');
    expect(list.parentElement?.querySelector('button')?.textContent).toBe('Find row');
  });

  it('without counts (the bike) a tab is its name alone', () => {
    render(<Harness counted={false} />);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([...TABS]);
  });

  it('shows the selected tab\'s panel, labelled by that tab, which controls it; only the selected tab is in the Tab order', () => {
    render(<Harness />);
    const panel = screen.getByRole('tabpanel');
    expect(panel.textContent).toBe('rows of Documents');
    expect(panel.className).toBe('tab-panel');
    expect(panel.getAttribute('aria-labelledby')).toBe(selectedTab().id);
    expect(selectedTab().getAttribute('aria-controls')).toBe(panel.id);
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([0, -1, -1, -1]);
    expect(selectedTab().getAttribute('data-selected')).toBe('true');
  });

  it('a click selects a tab and shows its panel', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('tab', { name: /INTERIOR/ }));
    expect(selectedTab().textContent).toBe('INTERIOR (1)');
    expect(screen.getByRole('tabpanel').textContent).toBe('rows of INTERIOR');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(selectedTab().id);
  });

  it('arrow keys, Home and End move the focus and select as they go', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('tab', { name: /Documents/ }));
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(selectedTab());
    expect(selectedTab().textContent).toBe('EXTERIOR (0)');
    await userEvent.keyboard('{End}');
    expect(selectedTab().textContent).toBe('SUMMARY (0)');
    expect(screen.getByRole('tabpanel').textContent).toBe('rows of SUMMARY');
    await userEvent.keyboard('{Home}{ArrowLeft}');
    expect(selectedTab().textContent).toBe('SUMMARY (0)'); // wraps from the first to the last
  });

  it('a changed count shows in its tab', () => {
    const { rerender } = render(<Harness />);
    rerender(<Harness counts={{ ...COUNTS, EXTERIOR: 3 }} />);
    expect(screen.getByRole('tab', { name: /EXTERIOR/ }).textContent).toBe('EXTERIOR (3)');
  });
});
