// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { patchGsFlag, type FlagTypeDispositions } from '../../../src/api/gs.ts';
import { ApiError } from '../../../src/api/http.ts';
import { showError } from '../../../src/components/toast.ts';
import unflagJson from '../../../src/config/gs-unflagging/unflag.json';
import { ProductValueProvider } from '../../../src/products/ProductContext.tsx';
import { seedProduct } from '../../../src/products/registry.ts';
import { UnflagActionBar } from '../../../src/screens/gs/UnflagActionBar.tsx';
import { fakeLayout } from '../../support/layout.ts';

vi.mock('../../../src/api/gs.ts', () => ({ patchGsFlag: vi.fn() }));
vi.mock('../../../src/components/toast.ts', () => ({ showSuccess: vi.fn(), showError: vi.fn() }));

const DISPOSITIONS: FlagTypeDispositions[] = [
  { id: 0, label: 'Alpha', dispositions: unflagJson.dispositions['0'], subDispositions: unflagJson.subDispositions },
  { id: 4, label: 'Beta', dispositions: unflagJson.dispositions['4'], subDispositions: [] },
];

beforeAll(() => fakeLayout());
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function open(conditionFlag: number, hardBeta = false) {
  render(
    <MemoryRouter>
      {/* The config version 3 of the GS unflagging product, as the detail's route loads it (issue 17). */}
      <ProductValueProvider value={{ ...seedProduct('gs-unflagging'), version: 3 }}>
        <UnflagActionBar appointmentId="2051200000" conditionFlag={conditionFlag} hardBeta={hardBeta} etag={'"2-1"'} dispositions={DISPOSITIONS} user="gs.team@qc.example" />
      </ProductValueProvider>
    </MemoryRouter>,
  );
}

describe('GS action bar (spec 002 §2, §5, §8)', () => {
  it("a Beta car offers 'Mark as Beta', 'Change to Alpha', 'Un-flag this car'; Hard Beta disables the change", () => {
    open(2, true);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Mark as Beta', 'Change to Alpha', 'Un-flag this car']);
    expect((screen.getByRole('button', { name: 'Change to Alpha' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("a change asks for Reason and Disposition ('Reason is required', 'Disposition is required') and sends nothing without them", async () => {
    const user = userEvent.setup();
    open(0);
    await user.click(screen.getByRole('button', { name: 'Change to Beta' }));
    expect(screen.getByRole('button', { name: /Select All Wrong Granularities$/ })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Reason is required')).toBeTruthy();
    expect(screen.getByText('Disposition is required')).toBeTruthy();
    expect(patchGsFlag).not.toHaveBeenCalled();
    // Each message is its field's description, and the focus goes to the first field refused, so a screen reader
    // reads it with its message (they were silent, unlinked text).
    const described = (el: Element) => (el.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
    const reason = screen.getByRole('textbox', { name: 'Reason' });
    expect(described(reason)).toContain('Reason is required');
    expect(described(screen.getByRole('button', { name: /Disposition$/ }))).toContain('Disposition is required');
    await waitFor(() => expect(document.activeElement).toBe(reason));
  });

  it("Mark as keeps the flag without a reason; a 412 toast adds ', Please retry again.'", async () => {
    vi.mocked(patchGsFlag).mockRejectedValueOnce(new ApiError('x', 412, { message: 'Precondition Failed', detail: 'The flag of this car was changed since you opened it' }));
    const user = userEvent.setup();
    open(2);
    await user.click(screen.getByRole('button', { name: 'Mark as Beta' }));
    expect(screen.queryByRole('textbox', { name: 'Reason' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(patchGsFlag).toHaveBeenCalledWith('2051200000', { reason: '', disposition: '', conditionFlag: 2, status: 'REVIEWED', configVersion: 3 }, '"2-1"');
    await waitFor(() => expect(showError).toHaveBeenCalledWith('The flag of this car was changed since you opened it, Please retry again.'));
  });

  it('Ctrl+Enter submits the chosen action through the same checks, from the Reason box too; with no action chosen it does nothing (issue 16)', async () => {
    const user = userEvent.setup();
    open(0);
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(patchGsFlag).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Change to Beta' }));
    await user.click(screen.getByRole('textbox', { name: 'Reason' }));
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(screen.getByText('Reason is required')).toBeTruthy();
    expect(screen.getByText('Disposition is required')).toBeTruthy();
    expect(patchGsFlag).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Mark as Alpha' }));
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(patchGsFlag).toHaveBeenCalledWith('2051200000', { reason: '', disposition: '', conditionFlag: 0, status: 'REVIEWED', configVersion: 3 }, '"2-1"');
  });
});

describe('GS action bar: where the focus goes when the form goes', () => {
  it('Cancel puts the focus back on the action that opened the form, not on the page body', async () => {
    const user = userEvent.setup();
    open(0);
    await user.click(screen.getByRole('button', { name: 'Change to Beta' }));
    screen.getByRole('button', { name: 'Cancel' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Change to Beta' }));
  });

  it('while the flag is sent the focus stays on Submit (a refused one leaves it there); once stored it goes to the action bar', async () => {
    let answer!: (detail: string) => void;
    vi.mocked(patchGsFlag).mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    open(2);
    await user.click(screen.getByRole('button', { name: 'Mark as Beta' }));
    screen.getByRole('button', { name: 'Submit' }).focus();
    await user.keyboard('{Enter}');
    expect(patchGsFlag).toHaveBeenCalledTimes(1);
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(submit);
    // A second Enter while it is sent sends nothing more.
    await user.keyboard('{Enter}');
    expect(patchGsFlag).toHaveBeenCalledTimes(1);
    answer('Flag updated successfully');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Flag action' }));
  });
});
