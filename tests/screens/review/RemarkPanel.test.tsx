// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fetchRemarks, saveRemark } from '../../../src/api/review.ts';
import { AUDIO_REMARK_TEXT, formatRemarkTime, RemarkPanel } from '../../../src/screens/review/RemarkPanel.tsx';
import { fakeRecorder, REVIEWER } from './helpers.tsx';

vi.mock('../../../src/api/review.ts', () => ({ fetchRemarks: vi.fn(async () => []), saveRemark: vi.fn() }));

const target = { carId: 77, section: 'carDetails', part: 'customerName', role: 'qc', user: REVIEWER };
const history = [{ id: 'r1', user: 'qc.admin@qc.example', role: 'SM-QcAdmin', type: 'text' as const, remark: 'Blurred RC', timestamp: 1763890200 }];

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function panel(props: Partial<Parameters<typeof RemarkPanel>[0]> = {}) {
  const onSaved = vi.fn();
  const alert = vi.fn();
  render(<RemarkPanel target={target} appointmentId="APT0077" history={history} canEdit onSaved={onSaved} alert={alert} recordingSupported={false} {...props} />);
  return { onSaved, alert };
}

describe('remarks (spec 000 §3 remarkHistory, §5 remark rule, §8)', () => {
  it('shows the history with MMM DD HH:mm timestamps, fetched and recorded entries merged', async () => {
    vi.mocked(fetchRemarks).mockResolvedValue([{ id: 'r2', user: REVIEWER, role: 'qc', type: 'text', remark: 'Torn corner', timestamp: 1763893800 }]);
    panel();
    const list = await screen.findByRole('list', { name: 'Remark history' });
    await within(list).findByText(/Torn corner/);
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      `${formatRemarkTime(1763890200)} · qc.admin@qc.example (SM-QcAdmin) Blurred RC`,
      `${formatRemarkTime(1763893800)} · ${REVIEWER} (qc) Torn corner`,
    ]);
    expect(formatRemarkTime(1763890200)).toMatch(/^[A-Z][a-z]{2} \d{2} \d{2}:\d{2}$/);
    expect(fetchRemarks).toHaveBeenCalledWith({ appointmentId: 'APT0077', section: 'carDetails', part: 'customerName', subPart: undefined, hashKey: undefined });
  });

  it('keeps Add disabled while the text is blank after trimming', async () => {
    panel();
    const add = screen.getByRole('button', { name: 'Add' });
    expect(add.hasAttribute('disabled')).toBe(true);
    await userEvent.type(screen.getByRole('textbox', { name: 'Remark' }), '   ');
    expect(add.hasAttribute('disabled')).toBe(true);
    await userEvent.type(screen.getByRole('textbox', { name: 'Remark' }), 'ok');
    expect(add.hasAttribute('disabled')).toBe(false);
  });

  it('saves a text remark with the §3 payload and records it on the row', async () => {
    vi.mocked(saveRemark).mockResolvedValue({ id: 'r9', user: REVIEWER, role: 'qc', type: 'text', remark: 'Name differs', timestamp: 1763900000 });
    const { onSaved } = panel();
    await userEvent.type(screen.getByRole('textbox', { name: 'Remark' }), '  Name differs ');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('Name differs'));
    expect(saveRemark).toHaveBeenCalledWith({ ...target, type: 'rejectionRemark', inspectionStatus: 'smReview', remarkType: 'text', remark: 'Name differs' });
    expect((screen.getByRole('textbox', { name: 'Remark' }) as HTMLInputElement).value).toBe('');
    expect(screen.getByText(/Name differs/)).toBeTruthy();
  });

  it("alerts the server's detail, or 'Some error occured while saving the remark'", async () => {
    vi.mocked(saveRemark).mockRejectedValue(new Error('network'));
    const { alert, onSaved } = panel();
    await userEvent.type(screen.getByRole('textbox', { name: 'Remark' }), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Some error occured while saving the remark'));
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('records an audio remark through the recorder interface and uploads it as a file', async () => {
    const audio = new Blob(['OggS'], { type: 'audio/ogg' });
    const fake = fakeRecorder(audio);
    vi.mocked(saveRemark).mockResolvedValue(null);
    const { onSaved } = panel({ recorder: fake.recorder, recordingSupported: true });
    await userEvent.click(screen.getByRole('button', { name: 'Record audio' }));
    expect(fake.started()).toBe(1);
    await userEvent.click(await screen.findByRole('button', { name: 'Stop recording' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(AUDIO_REMARK_TEXT));
    expect(saveRemark).toHaveBeenCalledWith(expect.objectContaining({ remarkType: 'audio', audio }));
  });

  it('offers no editing to someone who is not the assignee', () => {
    panel({ canEdit: false });
    expect(screen.queryByRole('textbox', { name: 'Remark' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
  });
});
