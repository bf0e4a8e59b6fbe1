import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Button, Tab as AriaTab, TabList, Tabs } from 'react-aria-components';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import dayjs from 'dayjs';
import type { InspectionDetail } from '../../engine/inspection.ts';
import { TABS, type Edit, type ReviewModel, type Tab } from '../../engine/types.ts';
import { createEngine } from '../../engine/model.ts';
import { carReviewConfig } from '../../engine/car-config.ts';
import { submissionMachine } from '../../machines/submission.machine.ts';
import issueTypes from '../../config/issue-types.json';
import { assignToMe, fetchInspection, submitReport } from '../../api/main.ts';
import { showError, showSuccess } from '../../app/toast.ts';
import { useSession } from '../../app/useSession.ts';
import { ReviewRow } from './ReviewRow.tsx';

const engine = createEngine(carReviewConfig);

/** /review/{carId}: rows generated from the car config; only the assignee edits and submits (spec 000 §2, §4). */
export default function ReviewScreen() {
  const { carId = '' } = useParams();
  const session = useSession();
  const navigate = useNavigate();
  const [inspection, setInspection] = useState<InspectionDetail | null>(null);
  const [model, setModel] = useState<ReviewModel | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tab, setTab] = useState<Tab>('Documents');
  const [isCritical, setCritical] = useState(false);
  const [isDummy, setDummy] = useState(false);
  const [reviewStartTime] = useState(() => dayjs().format('YYYY-MM-DD HH:mm:ss'));
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    let cancelled = false;
    fetchInspection(carId)
      .then((detail) => {
        if (cancelled) return;
        setInspection(detail);
        setModel(engine.evaluate(detail));
      })
      .catch((e: Error) => !cancelled && setError(e.message));
    return () => {
      cancelled = true;
    };
  }, [carId, generation]);

  const [snapshot, send] = useMachine(
    submissionMachine.provide({
      actors: { submitReview: fromPromise(({ input }) => submitReport(input.carId, input.payload)) },
      actions: {
        showAlert: (_, params) => window.alert([params.alert, ...params.fields].join('\n')),
        showSuccess: (_, params) => showSuccess(params.message),
        showError: (_, params) => showError(params.message),
        navigateToList: () => navigate('/inspection'),
        reloadPage: () => window.location.reload(),
      },
    }),
    { input: { carId: Number(carId) } },
  );

  const onEdit = useCallback((edit: Edit) => setModel((current) => (current ? engine.apply(current, edit) : current)), []);
  const visibleKeys = useMemo(
    () => (model ? model.order.filter((key) => model.rows[key].tab === tab && model.rows[key].isVisible) : []),
    [model, tab],
  );

  if (error) return <main className="page"><div role="alert" className="error-panel"><strong>Oops!</strong> {error}</div></main>;
  if (!inspection || !model || !session) return <main className="page"><p>Loading...</p></main>;

  const isAssignee = inspection.qcAssign.to === session.email;
  const editable = isAssignee && (inspection.inspectionStatus === 'smReview' || inspection.inspectionStatus === 'done');
  const assign = async () => {
    try {
      await assignToMe(inspection.carId, session.email, session.role);
      setTimeout(() => setGeneration((g) => g + 1), 1000);
    } catch (e) {
      showError((e as Error).message);
    }
  };

  return (
    <main className="page review">
      <div className="review-head">
        <Button aria-label="Back" onPress={() => navigate('/inspection')}>←</Button>
        <h1>{inspection.appointmentId}</h1>
        <span className="badge">{inspection.version === 0 ? 'New Inspection' : 'Re-Inspection'}</span>
        <span className="status" data-testid="status">{inspection.inspectionStatus}</span>
        {!inspection.qcAssign.to && <Button onPress={assign}>Assign to me</Button>}
        {inspection.qcAssign.to && !isAssignee && <span className="muted">Assigned to {inspection.qcAssign.to} (read-only)</span>}
      </div>
      <Tabs selectedKey={tab} onSelectionChange={(key) => setTab(key as Tab)}>
        <TabList aria-label="Sections">
          {TABS.map((name) => (
            <AriaTab key={name} id={name}>{name} ({model.errorsCount[name]})</AriaTab>
          ))}
        </TabList>
      </Tabs>
      <section className="rows" aria-label={`${tab} rows`}>
        {visibleKeys.map((key) => (
          <ReviewRow key={key} row={model.rows[key]} readOnly={!editable} onEdit={onEdit} />
        ))}
      </section>
      {editable && (
        <footer className="review-footer">
          <label><input type="checkbox" checked={isCritical} onChange={(e) => setCritical(e.target.checked)} /> {isCritical ? 'Critical' : 'Non Critical'}</label>
          <label><input type="checkbox" checked={isDummy} onChange={(e) => setDummy(e.target.checked)} /> Dummy inspection</label>
          <Button
            isDisabled={!snapshot.can({ type: 'SUBMIT', model, inspection, isCritical, isDummy, reviewStartTime })}
            onPress={() => send({ type: 'SUBMIT', model, inspection, isCritical, isDummy, reviewStartTime })}
          >
            Submit
          </Button>
        </footer>
      )}
      {snapshot.hasTag('issuePopup') && (
        <div role="dialog" aria-label="Issue Type" className="popup">
          <h2>Issue Type</h2>
          {issueTypes.issueTypes.map((issue) => (
            <label key={issue.id}>
              <input
                type="checkbox"
                checked={snapshot.context.issueType.includes(issue.id)}
                onChange={() => send({ type: 'TOGGLE_ISSUE', id: issue.id })}
              />
              {issue.label}
            </label>
          ))}
          <Button onPress={() => send({ type: 'CANCEL' })}>Cancel</Button>
          <Button onPress={() => send({ type: 'CONFIRM_ISSUES' })}>Confirm</Button>
        </div>
      )}
    </main>
  );
}
