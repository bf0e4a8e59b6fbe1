// @vitest-environment jsdom
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fetchRemarks, saveRemark } from '../../../src/api/review.ts';
import { formatRemarkTime, RemarkPanel, type AudioRemarks } from '../../../src/screens/review/RemarkPanel.tsx';
import { AUDIO_REMARK_TEXT, REMARK_SAVE_FAILED, remarkMachine, remarkRequest } from '../../../src/machines/remark.machine.ts';
import { fakeRecorder, REVIEWER } from './helpers.tsx';
import { REMARK_MAX_LENGTH } from '../../../src/engine/limits.ts';

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

  it('the remark box takes no more text than the server stores (told as the reviewer types, not after Add)', () => {
    panel();
    expect((screen.getByRole('textbox', { name: 'Remark' }) as HTMLInputElement).maxLength).toBe(REMARK_MAX_LENGTH);
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

  it("builds its machine once, not per keystroke of the remark box, and a save reaches the latest render's onSaved", async () => {
    vi.mocked(saveRemark).mockResolvedValue({ id: 'r9', user: REVIEWER, role: 'qc', type: 'text', remark: 'Name differs', timestamp: 1763900000 });
    const provide = vi.spyOn(remarkMachine, 'provide');
    // The review holds the typed text, so each keystroke renders the panel again (as ReviewScreen does).
    function Typed({ onSaved }: { onSaved: (remark: string) => void }) {
      const [text, setText] = useState('');
      return <RemarkPanel target={target} appointmentId="APT0077" history={history} canEdit onSaved={onSaved} text={text} onText={setText} alert={vi.fn()} recordingSupported={false} />;
    }
    try {
      const first = vi.fn();
      const { rerender } = render(<Typed onSaved={first} />);
      await userEvent.type(screen.getByRole('textbox', { name: 'Remark' }), 'Name differs');
      const latest = vi.fn();
      rerender(<Typed onSaved={latest} />);
      await userEvent.click(screen.getByRole('button', { name: 'Add' }));
      await waitFor(() => expect(latest).toHaveBeenCalledWith('Name differs'));
      expect(first).not.toHaveBeenCalled();
      expect((screen.getByRole('textbox', { name: 'Remark' }) as HTMLInputElement).value).toBe('');
      expect(provide).toHaveBeenCalledTimes(1);
    } finally {
      provide.mockRestore();
    }
  });

  it("alerts the server's detail, or 'Some error occured while saving the remark'", async () => {
    vi.mocked(saveRemark).mockRejectedValue(new Error('network'));
    const { alert, onSaved } = panel();
    await userEvent.type(screen.getByRole('textbox', { name: 'Remark' }), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Some error occured while saving the remark'));
    expect(onSaved).not.toHaveBeenCalled();
  });

  const audioOf = (patch: Partial<AudioRemarks> = {}): AudioRemarks => ({ pending: undefined, sent: undefined, record: vi.fn(), retry: vi.fn(), discard: vi.fn(), ...patch });

  it('records an audio remark through the recorder interface and hands the file to the review, which uploads it', async () => {
    const audio = new Blob(['OggS'], { type: 'audio/ogg' });
    const fake = fakeRecorder(audio);
    const events = audioOf();
    const { onSaved } = panel({ recorder: fake.recorder, recordingSupported: true, audio: events });
    await userEvent.click(screen.getByRole('button', { name: 'Record audio' }));
    expect(fake.started()).toBe(1);
    await userEvent.click(await screen.findByRole('button', { name: 'Stop recording' }));
    await waitFor(() => expect(events.record).toHaveBeenCalledWith(audio));
    expect(saveRemark).not.toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('offers no recording outside a review (no machine to upload it)', () => {
    panel({ recordingSupported: true });
    expect(screen.queryByRole('button', { name: 'Record audio' })).toBeNull();
  });

  it('a recording not sent stays, with the spec sentence, Send again and Discard recording; a stored one joins the history', async () => {
    const pending = { request: remarkRequest(target, { remarkType: 'audio', audio: new Blob(['OggS']) }), status: 'failed' as const, error: REMARK_SAVE_FAILED };
    const sent = [{ id: 'r8', user: REVIEWER, role: 'qc', type: 'audio' as const, remark: AUDIO_REMARK_TEXT, timestamp: 1763895000 }];
    const events = audioOf({ pending, sent });
    panel({ recordingSupported: true, audio: events });
    const status = screen.getByRole('status');
    expect(status.textContent).toContain(`Recording not sent: ${REMARK_SAVE_FAILED}.`);
    await userEvent.click(within(status).getByRole('button', { name: 'Send again' }));
    expect(events.retry).toHaveBeenCalledTimes(1);
    await userEvent.click(within(status).getByRole('button', { name: 'Discard recording' }));
    expect(events.discard).toHaveBeenCalledTimes(1);
    expect(within(screen.getByRole('list', { name: 'Remark history' })).getByText(AUDIO_REMARK_TEXT)).toBeTruthy();
  });

  it('offers no editing to someone who is not the assignee', () => {
    panel({ canEdit: false });
    expect(screen.queryByRole('textbox', { name: 'Remark' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
  });
});
