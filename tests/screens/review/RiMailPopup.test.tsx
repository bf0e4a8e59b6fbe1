// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sendRiMail } from '../../../src/api/review.ts';
import { showError, showSuccess } from '../../../src/components/toast.ts';
import { RiMailPopup } from '../../../src/screens/review/RiMailPopup.tsx';
import { fakeLayout } from '../../support/layout.ts';

vi.mock('../../../src/api/review.ts', () => ({ sendRiMail: vi.fn() }));
vi.mock('../../../src/components/toast.ts', () => ({ showSuccess: vi.fn(), showError: vi.fn() }));

beforeAll(() => {
  fakeLayout();
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function open() {
  const onClose = vi.fn();
  const alert = vi.fn();
  render(<RiMailPopup carId={77} version={2} raEmail="ra.pune@qc.example" regionDepartmentEmail="west.region@qc.example" onClose={onClose} alert={alert} />);
  return { onClose, alert, dialog: screen.getByRole('dialog', { name: 'Send Mail' }) };
}

describe('RI Changes Send Mail (spec 000 §5 Re-inspection e-mail, §8)', () => {
  it('proposes the three QC mailboxes plus the RA and regional-department e-mails', () => {
    const { dialog } = open();
    expect(within(within(dialog).getByRole('list', { name: 'Recipients' })).getAllByRole('listitem').map((li) => li.textContent?.replace('×', '').trim())).toEqual([
      'qc.team@qc.example',
      'qc.audit@qc.example',
      'qc.leads@qc.example',
      'ra.pune@qc.example',
      'west.region@qc.example',
    ]);
  });

  it("alerts 'Please select recipients' when every recipient is removed, or one is invalid", async () => {
    const { dialog, alert } = open();
    for (const button of within(dialog).getAllByRole('button', { name: /^Remove / })) await userEvent.click(button);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(alert).toHaveBeenCalledWith('Please select recipients');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Add recipient' }), 'not-an-email{Enter}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(alert).toHaveBeenCalledTimes(2);
    expect(sendRiMail).not.toHaveBeenCalled();
  });

  it("sends comma-separated recipients: 'Email Sent!' and closes", async () => {
    vi.mocked(sendRiMail).mockResolvedValue({});
    const { dialog, onClose } = open();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Add recipient' }), 'extra@qc.example{Enter}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Email Sent!'));
    expect(sendRiMail).toHaveBeenCalledWith({
      carId: 77,
      version: 2,
      to: 'qc.team@qc.example,qc.audit@qc.example,qc.leads@qc.example,ra.pune@qc.example,west.region@qc.example,extra@qc.example',
    });
    expect(onClose).toHaveBeenCalledWith(true);
  });

  it("says 'Email send issue' when sending fails", async () => {
    vi.mocked(sendRiMail).mockRejectedValue(new Error('502'));
    const { dialog, onClose } = open();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(showError).toHaveBeenCalledWith('Email send issue'));
    expect(onClose).not.toHaveBeenCalled();
  });
});
