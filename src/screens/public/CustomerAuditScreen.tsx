import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { answerCustomerAudit, fetchCustomerAudit, type CustomerAudit } from '../../api/public.ts';
import { linkFailure, LinkStatus, type LinkView } from './link.tsx';
import './public.css';

export const EXPIRED = 'The Link has been expired!';
export const APPROVE_TEXT = 'Satisfied with the details, go ahead !';
export const REJECT_TEXT = 'Not satisifed with the details, send for correction.';
export const SELECT_FEEDBACK = 'Please select feedback option';
export const THANK_YOU = 'Thank you! Your feedback has been recorded.';

type View = LinkView | { kind: 'expired' } | { kind: 'open'; audit: CustomerAudit } | { kind: 'answered' };

/** Whether the link's expiry time (unix seconds) has passed. */
const linkExpired = (expiryTime: string) => !/^\d+$/.test(expiryTime) || Math.floor(Date.now() / 1000) > Number(expiryTime);

/** A refused link whose expiry time has passed by now expired while the page was open: the expired page, not 'invalid'. */
function refusal(error: unknown, expiryTime: string): Exclude<View, { kind: 'loading' | 'open' | 'answered' }> {
  const failure = linkFailure(error);
  return failure.kind === 'invalid' && linkExpired(expiryTime) ? { kind: 'expired' } : failure;
}

/** /customer-audit/{appointmentId}/{expiryTime}?token= (spec 002 §2 'Customer audit', §5, §8). Public. */
export function CustomerAuditScreen() {
  const { appointmentId = '', expiryTime = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const expired = linkExpired(expiryTime);
  const [view, setView] = useState<View>(expired ? { kind: 'expired' } : { kind: 'loading' });
  const [choice, setChoice] = useState<'approved' | 'rejected' | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const link = { exp: expiryTime, token };

  useEffect(() => {
    if (expired) return;
    fetchCustomerAudit(appointmentId, { exp: expiryTime, token }).then(
      (audit) => setView(audit.status ? { kind: 'answered' } : { kind: 'open', audit }),
      (error: unknown) => setView(refusal(error, expiryTime)),
    );
  }, [appointmentId, expiryTime, token, expired]);

  const submit = async () => {
    if (!choice) {
      setMessage(SELECT_FEEDBACK);
      return;
    }
    setSending(true);
    try {
      await answerCustomerAudit(appointmentId, choice, link);
      setView({ kind: 'answered' });
    } catch (error) {
      // A failed answer keeps the form and the choice: only a refused link replaces it.
      const failure = refusal(error, expiryTime);
      if (failure.kind === 'invalid' || failure.kind === 'expired') setView(failure);
      else setMessage(`Error::${failure.detail}`);
    } finally {
      setSending(false);
    }
  };

  return <main className="public-page">{body()}</main>;

  function body() {
    switch (view.kind) {
      default:
        return <LinkStatus view={view} />;
      case 'expired':
        return <h1>{EXPIRED}</h1>;
      case 'answered':
        return <h1>{THANK_YOU}</h1>;
      case 'open': {
        const { audit } = view;
        const rows = audit.customerInput.map((input, i) => ({ title: input.title, customer: input.value, evaluator: audit.cjInput.find((cj) => cj.title === input.title)?.value ?? audit.cjInput[i]?.value ?? '' }));
        return (
          <>
            <h1>Inspection Completed</h1>
            <p>
              Customer: {audit.carDetails.customerName}
              <br />
              Car: {audit.carDetails.year} {audit.carDetails.make} {audit.carDetails.model}
              <br />
              Appointment ID: {audit.appointmentId}
            </p>
            <table>
              <thead>
                <tr>
                  <th scope="col">Detail</th>
                  <th scope="col">Your value</th>
                  <th scope="col">Evaluator's value</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.title}>
                    <td>{row.title}</td>
                    <td>{row.customer}</td>
                    <td>{row.evaluator}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {/* Native radios: accessible as they are, and they keep this public page's bundle small. */}
            <fieldset className="feedback">
              <legend>Feedback</legend>
              {(['approved', 'rejected'] as const).map((value) => (
                <label key={value} className="radio">
                  <input
                    type="radio"
                    name="feedback"
                    value={value}
                    checked={choice === value}
                    onChange={() => {
                      setChoice(value);
                      setMessage(null);
                    }}
                  />
                  {value === 'approved' ? APPROVE_TEXT : REJECT_TEXT}
                </label>
              ))}
            </fieldset>
            {message && <p role="alert" className="public-error">{message}</p>}
            <div className="public-actions">
              <button type="button" onClick={submit} disabled={sending}>SUBMIT</button>
            </div>
            <p>For any clarification, please contact your evaluator {audit.inspectionBy}.</p>
          </>
        );
      }
    }
  }
}

export default CustomerAuditScreen;
