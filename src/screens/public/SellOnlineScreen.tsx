import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import rules from '../../config/sell-online.json';
import { answerSellOnline, fetchSellOnline, openSellOnline, type SellOnlineRecord } from '../../api/public.ts';
import { ApiError } from '../../api/http.ts';
import { storePublicPageRole } from '../../api/session.ts';
import { evaluateOutcome, type OutcomeRule } from '../../engine/outcome.ts';
import { linkFailure, LinkStatus, rupees, type LinkView } from './link.tsx';
import './public.css';

export const NO_APPOINTMENT = 'AppointmentId not found';
export const REJECT_LABEL = 'NO, SEND FOR CORRECTION';
export const APPROVED_THANKS = 'Thank you for approving the changes. Our Retail Associate will get in touch with you shortly.';
export const REJECTED_THANKS = 'Thank you. Your feedback has been sent to the evaluator for re-inspection.';
/** Spec 002 §4: 'The page sets the stored role to qc' (a role without a sign-in; see storePublicPageRole). */
export const SELL_ONLINE_STORED_ROLE = 'qc';
export const FINAL_PRICE_SHORTLY = 'Our team will share the final price with you shortly.';

const offerRules = rules.offer as OutcomeRule<{ finalPriceLater: boolean }>[];
const approveRules = rules.approveButton as OutcomeRule<{ label: string }>[];

type View =
  | LinkView
  | { kind: 'missing' }
  | { kind: 'open'; record: SellOnlineRecord }
  | { kind: 'answered'; status: 'APPROVED' | 'REJECTED' };

/** /sell-online?appointmentId=&exp=&token= (spec 002 §2 'Sell-online customer page', §4, §9). Public. */
export function SellOnlineScreen() {
  const [search] = useSearchParams();
  const appointmentId = search.get('appointmentId') ?? '';
  const link = { exp: search.get('exp') ?? '', token: search.get('token') ?? '' };
  const [view, setView] = useState<View>(appointmentId ? { kind: 'loading' } : { kind: 'missing' });
  const [sending, setSending] = useState(false);

  useEffect(() => storePublicPageRole(SELL_ONLINE_STORED_ROLE), []);

  useEffect(() => {
    if (!appointmentId) return;
    const proof = { exp: link.exp, token: link.token };
    fetchSellOnline(appointmentId, proof)
      .then(async (record) => {
        if (record.status === 'APPROVED' || record.status === 'REJECTED') {
          setView({ kind: 'answered', status: record.status });
          return;
        }
        // Spec 002 §4: the first view marks the offer OPEN.
        if (!record.status) await openSellOnline(appointmentId, proof);
        setView({ kind: 'open', record });
      })
      .catch((error: unknown) => {
        const failure = linkFailure(error);
        setView(failure.kind === 'error' && failure.detail === NO_APPOINTMENT ? { kind: 'missing' } : failure);
      });
  }, [appointmentId, link.exp, link.token]);

  const answer = async (status: 'APPROVED' | 'REJECTED') => {
    setSending(true);
    try {
      await answerSellOnline(appointmentId, status, link);
      setView({ kind: 'answered', status });
    } catch (error) {
      // Answered meanwhile (in another tab, or a click that went out twice): the seller's answer is the one the
      // server holds, so the page thanks for that one rather than showing the refusal (spec 002 §2 'a thank-you view').
      const held = error instanceof ApiError && error.status === 409 ? await fetchSellOnline(appointmentId, link).catch(() => null) : null;
      setView(held?.status === 'APPROVED' || held?.status === 'REJECTED' ? { kind: 'answered', status: held.status } : linkFailure(error));
    } finally {
      setSending(false);
    }
  };

  return <main className="public-page">{body()}</main>;

  function body() {
    switch (view.kind) {
      default:
        return <LinkStatus view={view} />;
      case 'missing':
        return <h1>{NO_APPOINTMENT}</h1>;
      case 'answered':
        return <h1>{view.status === 'APPROVED' ? APPROVED_THANKS : REJECTED_THANKS}</h1>;
      case 'open': {
        const { record } = view;
        const { finalPriceLater } = evaluateOutcome(offerRules, record);
        return (
          <>
            <h1>Hi {record.customerName},</h1>
            <p>
              Your car: {record.year} {record.make} {record.model} {record.variant}
            </p>
            <ul aria-label="Offer messages">
              {record.additionalComments.map((comment) => (
                <li key={comment}>{comment}</li>
              ))}
            </ul>
            {record.reviewData.map((section) => {
              const table = (
                <table>
                  <thead>
                    <tr>
                      <th scope="col">Detail</th>
                      <th scope="col">You said</th>
                      <th scope="col">Evaluator found</th>
                    </tr>
                  </thead>
                  <tbody>
                    {section.detail.map((row) => (
                      <tr key={row.title}>
                        <td>{row.title}</td>
                        <td>{row.sellerInput}</td>
                        <td>{row.CjInput}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              );
              return section.isCollapsable ? (
                <details key={section.title}>
                  <summary>{section.title}</summary>
                  {table}
                </details>
              ) : (
                <section key={section.title} aria-label={section.title}>
                  <h2>{section.title}</h2>
                  {table}
                </section>
              );
            })}
            <p>
              Previous price: <span className="price">{rupees(record.onlinePrice)}</span>
            </p>
            {finalPriceLater ? (
              <p>{FINAL_PRICE_SHORTLY}</p>
            ) : (
              <p>
                Updated price: <span className="price">{rupees(record.offeredPrice)}</span>
              </p>
            )}
            <div className="public-actions">
              <button type="button" disabled={sending} onClick={() => answer('APPROVED')}>
                {evaluateOutcome(approveRules, record).label}
              </button>
              <button type="button" disabled={sending} onClick={() => answer('REJECTED')}>
                {REJECT_LABEL}
              </button>
            </div>
          </>
        );
      }
    }
  }
}

export default SellOnlineScreen;
