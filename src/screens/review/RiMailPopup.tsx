/**
 * The RI Changes 'Send Mail' popup (000 §5, §7, §8): default recipients (three QC mailboxes, RA and regional
 * department), add/remove, 'Please select recipients' when none or an invalid one, 'Email Sent!' / 'Email send issue'.
 */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Dialog, Heading } from 'react-aria-components/Dialog';
import { Modal } from 'react-aria-components/Modal';
import { riMailMachine, type RiMailInput } from '../../machines/ri-mail.machine.ts';
import { sendRiMail } from '../../api/review.ts';
import { showError, showSuccess } from '../../components/toast.ts';
import { useLatest } from '../../components/useLatest.ts';

interface Props extends RiMailInput {
  onClose: (sent: boolean) => void;
  alert?: (message: string) => void;
}

export function RiMailPopup({ onClose, alert = (m) => window.alert(m), ...input }: Props) {
  const [draft, setDraft] = useState('');
  const latest = useLatest({ alert, onClose });
  const [machine] = useState(() =>
    riMailMachine.provide({
      actors: { sendRiMail: fromPromise(({ input: request }) => sendRiMail(request)) },
      actions: {
        showAlert: (_, params) => latest().alert(params.message),
        showSuccess: (_, params) => {
          showSuccess(params.message);
          latest().onClose(true);
        },
        showError: (_, params) => showError(params.message),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine, { input });
  const busy = snapshot.hasTag('busy');
  const add = () => {
    if (!draft.trim()) return;
    send({ type: 'ADD_RECIPIENT', email: draft });
    setDraft('');
  };
  return (
    <Modal isOpen isDismissable={!busy} onOpenChange={(open) => !open && onClose(false)} className="modal">
      <Dialog aria-label="Send Mail" className="popup">
        <Heading slot="title">Send Mail</Heading>
        <ul className="recipients" aria-label="Recipients">
          {snapshot.context.recipients.map((email) => (
            <li key={email}>
              {email}{' '}
              <button type="button" aria-label={`Remove ${email}`} disabled={busy} onClick={() => send({ type: 'REMOVE_RECIPIENT', email })}>
                ×
              </button>
            </li>
          ))}
        </ul>
        <span className="remark-add">
          <input aria-label="Add recipient" type="email" value={draft} onChange={(e) => setDraft(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && add()} />
          <button type="button" onClick={add} disabled={busy}>
            Add
          </button>
        </span>
        <div className="popup-actions">
          <button type="button" disabled={busy} onClick={() => onClose(false)}>
            Cancel
          </button>
          <button type="button" disabled={busy} onClick={() => send({ type: 'SEND' })}>
            {busy ? 'Sending...' : 'Send'}
          </button>
        </div>
      </Dialog>
    </Modal>
  );
}
