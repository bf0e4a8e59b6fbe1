// @vitest-environment jsdom
// The refurbishment review from the keyboard (issue 16): the shared row finder, next error, row and section keys,
// Tab through every QC comment and Reject in page order, Reject and QC comment keys, the errors summary, the ? overlay
// and Ctrl+Enter through the machine's checks; a read-only view binds and lists only what it can do.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { InternalAxiosRequestConfig } from 'axios';
import { mainHttp } from '../../../src/api/main.ts';
import type { RefurbDetail, RefurbItem } from '../../../src/api/refurbishment.ts';
import { RefurbishmentReviewScreen } from '../../../src/screens/refurbishment/RefurbishmentReviewScreen.tsx';
import { ProductValueProvider } from '../../../src/products/ProductContext.tsx';
import { seedProduct } from '../../../src/products/registry.ts';
import { fakeAdapter, signInAs } from '../../support/fake-http.ts';
import { fakeLayout } from '../../support/layout.ts';

const ME = 'qc.reviewer@qc.example';
const item = (hashKey: string, category: string, subCategory: string, observation: string | null): RefurbItem => ({
  hashKey, category, subCategory,
  beforeRef: { image: [{ title: subCategory, url: `/uploads/${hashKey}.svg` }], video: [], observation, estimatedRefurbishmentCost: 1000 },
  afterRef: null,
});
const detail = (assignee: string | null): RefurbDetail => ({
  appointmentId: '2007300001', version: 1, status: 'review', make: 'Honda', model: 'City', variant: 'V MT', fuelType: 'Petrol', month: 3, year: 2018,
  serviceCenter: 'GS Hub Pune Wakad', gsReInspectionReason: null, refurbishedBy: 'ravi.gs@qc.example', endTime: '2026-11-20T10:00:00Z',
  qcAssignTo: { to: assignee }, totalEstimatedRefurbishmentCost: 3000, totalActualRefurbishmentCost: null,
  fields: [item('h1', 'Exterior', 'Front Bumper', 'Deep scratches'), item('h2', 'Exterior', 'Bonnet', 'Dent near the left edge'), item('h3', 'Interior', 'Dashboard', null)],
});

function open(assignee: string | null) {
  signInAs('qc');
  const seen: InternalAxiosRequestConfig[] = [];
  mainHttp.defaults.adapter = fakeAdapter((c) => {
    if (c.method === 'get' && c.url === 'v2/refurbishment/2007300001') return { status: 200, data: { detail: detail(assignee) } };
    if (c.method === 'post' && c.url === 'v2/refurbishment/2007300001') return { status: 200, data: { detail: { status: 'rejected', version: 2 } } };
    return undefined;
  }, seen);
  render(
    <MemoryRouter initialEntries={['/gs-refurbishment-review/2007300001']}>
      <Routes>
        <Route
          path="/gs-refurbishment-review/:appointmentId"
          element={
            <ProductValueProvider value={seedProduct('refurbishment')}>
              <RefurbishmentReviewScreen />
            </ProductValueProvider>
          }
        />
        <Route path="/gs-refurbishment" element={<p>list</p>} />
      </Routes>
    </MemoryRouter>,
  );
  return seen;
}

const focusedItem = () => document.activeElement?.closest('[data-key]')?.getAttribute('data-key') ?? null;
const toggle = (name: string) => within(screen.getByRole('region', { name })).getByRole('switch', { name: /^Reject / }) as HTMLInputElement;

beforeAll(() => {
  fakeLayout();
  // jsdom has no layout; the jump scrolls the item in.
  Element.prototype.scrollIntoView = () => undefined;
});
afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('the refurbishment review by keyboard alone (issue 16)', () => {
  it('finder, Reject, rows, next error, QC comment, sections, Tab through every comment and Reject, the overlay and Ctrl+Enter', async () => {
    const user = userEvent.setup();
    const seen = open(ME);
    await screen.findByRole('heading', { name: 'GS Refurbishment Suggestions' });

    // `/` opens the finder; typing matches the category; Enter lands on the item's Reject toggle.
    await user.keyboard('/');
    await user.keyboard('interior');
    expect(within(screen.getByRole('listbox', { name: 'Rows found' })).getAllByRole('option').map((o) => o.textContent)).toEqual(['Dashboard Interior']);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(focusedItem()).toBe('h3'));
    expect(document.activeElement).toBe(toggle('Interior - Dashboard'));

    // x rejects it; the errors summary lists it.
    await user.keyboard('x');
    expect(toggle('Interior - Dashboard').checked).toBe(true);
    const summary = screen.getByRole('region', { name: 'Errors Summary: 1 rejected' });
    expect(within(summary).getByRole('button').textContent).toBe('Interior / Dashboard');

    // k / j step through the items; n goes to the next rejected one.
    await user.keyboard('k');
    await waitFor(() => expect(focusedItem()).toBe('h2'));
    await user.keyboard('n');
    await waitFor(() => expect(focusedItem()).toBe('h3'));

    // r goes to the QC comment, where every key types; Tab goes on to the item's Reject.
    await user.keyboard('r');
    await waitFor(() => expect(document.activeElement).toBe(within(screen.getByRole('region', { name: 'Interior - Dashboard' })).getByRole('textbox', { name: 'QC Comment on Dashboard' })));
    await user.keyboard('x?j n');
    expect((document.activeElement as HTMLTextAreaElement).value).toBe('x?j n');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toggle('Interior - Dashboard').checked).toBe(true);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('switch', { name: 'Reject Dashboard' }));

    // [ goes to the first item of the previous category; Tab goes on through its comment and Reject, then the next item's.
    await user.keyboard('[[');
    await waitFor(() => expect(focusedItem()).toBe('h1'));
    const stops: Element[] = [];
    for (let i = 0; i < 3; i++) {
      await user.tab();
      stops.push(document.activeElement!);
    }
    // The next item's image link, its comment, its Reject: each named for its item.
    expect(stops).toEqual([within(screen.getByRole('region', { name: 'Exterior - Bonnet' })).getByRole('link'), screen.getByRole('textbox', { name: 'QC Comment on Bonnet' }), screen.getByRole('switch', { name: 'Reject Bonnet' })]);
    await user.keyboard(']');
    await waitFor(() => expect(focusedItem()).toBe('h3'));

    // A click on the errors summary goes to the item too.
    await user.keyboard('k');
    await waitFor(() => expect(focusedItem()).toBe('h2'));
    await user.click(within(summary).getByRole('button'));
    await waitFor(() => expect(focusedItem()).toBe('h3'));

    // ? lists exactly the bound shortcuts: no value editing on this screen.
    await user.keyboard('?');
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(help).getAllByRole('rowheader').map((th) => th.textContent)).toEqual(['/ or Ctrl+K', 'j or ↓', 'k or ↑', 'x', 'r', ']  /  [', 'n', 'Ctrl+Enter', '?']);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Ctrl+Enter submits as SUBMIT does: the outcome rules make it 'rejected'.
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(seen.some((c) => c.method === 'post')).toBe(true));
    const body = JSON.parse(seen.find((c) => c.method === 'post')!.data as string);
    expect(body).toMatchObject({ status: 'review', section: 'beforeRef', fields: [{ hashKey: 'h3', qcRemark: 'x?j n', isRejected: 1 }] });
  });

  it('read-only: the finder and next item work, Reject, QC comment and Ctrl+Enter are neither bound nor listed', async () => {
    const user = userEvent.setup();
    const seen = open('qc.reviewer2@qc.example');
    await screen.findByRole('heading', { name: 'GS Refurbishment Suggestions' });
    await user.keyboard('{Control>}k{/Control}');
    await user.keyboard('bonnet{Enter}');
    // Its toggle is disabled: the item itself takes the focus.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Exterior - Bonnet' })));
    await user.keyboard('x');
    expect(toggle('Exterior - Bonnet').checked).toBe(false);
    await user.keyboard('j');
    await waitFor(() => expect(focusedItem()).toBe('h3'));
    await user.keyboard('?');
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(help).getAllByRole('rowheader').map((th) => th.textContent)).toEqual(['/ or Ctrl+K', 'j or ↓', 'k or ↑', ']  /  [', 'n', '?']);
    await user.keyboard('{Escape}');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(seen.filter((c) => c.method === 'post')).toHaveLength(0);
  });
});
