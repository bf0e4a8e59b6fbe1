// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { approveDocument, fetchCustomerDocuments } from '../../../src/api/docs.ts';
import { showError, showSuccess } from '../../../src/components/toast.ts';
import { customerDocumentsMachine } from '../../../src/machines/customer-documents.machine.ts';
import { CustomerDocsPopup } from '../../../src/screens/review/CustomerDocsPopup.tsx';
import { fakeLayout } from '../../support/layout.ts';
import { REVIEWER } from './helpers.tsx';

vi.mock('../../../src/api/docs.ts', () => ({ fetchCustomerDocuments: vi.fn(), approveDocument: vi.fn() }));
vi.mock('../../../src/components/toast.ts', () => ({ showSuccess: vi.fn(), showError: vi.fn() }));

beforeAll(() => {
  fakeLayout();
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const docs = {
  preRcImages: [
    { type: 'rc', imageTitle: 'RC Front', url: 'https://img/rc-front.jpg', qcAction: null },
    { type: 'rc', imageTitle: 'RC Back', url: 'https://img/rc-back.jpg', qcAction: null },
  ],
  preInsuranceImages: [{ type: 'insurance', imageTitle: 'Policy', url: 'https://img/policy.jpg', qcAction: null }],
};

async function open(onConfirmed = () => undefined) {
  render(<CustomerDocsPopup appointmentId="APT0077" leadToken="lead-1" user={REVIEWER} imageSrc={(u) => u} onConfirmed={onConfirmed} />);
  await userEvent.click(await screen.findByRole('button', { name: 'Customer Documents' }));
  return screen.getByRole('dialog', { name: 'Customer Documents' });
}
const decide = (name: string, action: 'Approve' | 'Reject') => userEvent.click(within(screen.getByRole('group', { name })).getByRole('button', { name: action }));

describe('customer document verification (spec 000 §4, §8)', () => {
  it('builds its machine once, not in each of its renders (issue 18)', async () => {
    const provide = vi.spyOn(customerDocumentsMachine, 'provide');
    try {
      vi.mocked(fetchCustomerDocuments).mockResolvedValue(docs);
      // Rendered on mount, when the documents come and as each decision is made.
      await open();
      await userEvent.selectOptions(screen.getByRole('combobox', { name: 'RC Type' }), 'Duplicate');
      await decide('RC Front', 'Approve');
      expect(provide).toHaveBeenCalledTimes(1);
    } finally {
      provide.mockRestore();
    }
  });

  it('needs an RC type before RC images can be actioned; Confirm stays disabled until every image is actioned', async () => {
    vi.mocked(fetchCustomerDocuments).mockResolvedValue(docs);
    vi.mocked(approveDocument).mockResolvedValue({});
    const dialog = await open();
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    expect(within(screen.getByRole('group', { name: 'RC Front' })).getByRole('button', { name: 'Approve' }).hasAttribute('disabled')).toBe(true);
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'RC Type' }), 'Duplicate');
    await decide('RC Front', 'Approve');
    await decide('RC Back', 'Reject');
    expect(confirm.hasAttribute('disabled')).toBe(true);
    await decide('Policy', 'Approve');
    expect(confirm.hasAttribute('disabled')).toBe(false);
    await userEvent.click(confirm);

    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Images uploaded successfully'));
    expect(vi.mocked(approveDocument).mock.calls.map(([r]) => [r.docType, r.rcType, r.status])).toEqual([
      ['rc', 'Duplicate', 'UNVERIFIED'],
      ['insurance', null, 'VERIFIED'],
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("'Later' closes the popup keeping the decisions; 'Customer Documents' opens it again", async () => {
    vi.mocked(fetchCustomerDocuments).mockResolvedValue({ preRcImages: [], preInsuranceImages: docs.preInsuranceImages });
    const dialog = await open();
    await decide('Policy', 'Approve');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Customer Documents' }));
    const again = await screen.findByRole('dialog', { name: 'Customer Documents' });
    expect(within(again).getByRole('button', { name: 'Confirm' }).hasAttribute('disabled')).toBe(false);
  });

  it("Esc is 'Later': the popup closes keeping the decisions, and the focus is back on 'Customer Documents'", async () => {
    vi.mocked(fetchCustomerDocuments).mockResolvedValue({ preRcImages: [], preInsuranceImages: docs.preInsuranceImages });
    await open();
    await decide('Policy', 'Approve');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const opener = screen.getByRole('button', { name: 'Customer Documents' });
    await waitFor(() => expect(document.activeElement).toBe(opener));
    await userEvent.keyboard('{Enter}');
    const again = await screen.findByRole('dialog', { name: 'Customer Documents' });
    expect(within(again).getByRole('button', { name: 'Confirm' }).hasAttribute('disabled')).toBe(false);
    await userEvent.click(within(again).getByRole('button', { name: 'Later' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Customer Documents' })));
  });

  it('Confirm hands the focus to the review (its first row), once, rather than leaving it on the page\'s body', async () => {
    vi.mocked(fetchCustomerDocuments).mockResolvedValue({ preRcImages: [], preInsuranceImages: docs.preInsuranceImages });
    vi.mocked(approveDocument).mockResolvedValue({});
    const onConfirmed = vi.fn();
    const dialog = await open(onConfirmed);
    await decide('Policy', 'Approve');
    expect(onConfirmed).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(onConfirmed).toHaveBeenCalledTimes(1));
  });

  it("says '{STATUS} failed' when an approval fails and stays open", async () => {
    vi.mocked(fetchCustomerDocuments).mockResolvedValue({ preRcImages: [], preInsuranceImages: docs.preInsuranceImages });
    vi.mocked(approveDocument).mockRejectedValue(new Error('500'));
    const dialog = await open();
    await decide('Policy', 'Reject');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(showError).toHaveBeenCalledWith('UNVERIFIED failed'));
    expect(screen.getByRole('dialog', { name: 'Customer Documents' })).toBeTruthy();
  });

  it('shows nothing when the customer uploaded nothing or the fetch fails', async () => {
    vi.mocked(fetchCustomerDocuments).mockResolvedValue({ preRcImages: [], preInsuranceImages: [] });
    render(<CustomerDocsPopup appointmentId="APT0077" leadToken="lead-1" user={REVIEWER} imageSrc={(u) => u} onConfirmed={() => undefined} />);
    await waitFor(() => expect(fetchCustomerDocuments).toHaveBeenCalled());
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
