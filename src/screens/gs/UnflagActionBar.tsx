import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useNavigate } from 'react-router-dom';
import { Label } from 'react-aria-components/Label';
import { FieldError } from 'react-aria-components/FieldError';
import { TextArea } from 'react-aria-components/TextArea';
import { TextField } from 'react-aria-components/TextField';
import { patchGsFlag, type FlagTypeDispositions } from '../../api/gs.ts';
import { showError, showSuccess } from '../../components/toast.ts';
import { SelectField } from '../../components/SelectField.tsx';
import { focusFirstInvalid } from '../../components/focus-invalid.ts';
import { actionLabel, UNFLAG_ACTIONS, type UnflagConfig } from '../../products/gs-unflagging/unflag.ts';
import { chosenOutcome, storedUnflagForm, unflagMachine, type UnflagForm } from '../../machines/unflag.machine.ts';
import { useRulesProduct } from '../../products/ProductContext.tsx';
import { draftKey } from '../../api/drafts.ts';
import { configFingerprint } from '../../machines/review-draft.machine.ts';
import { DraftBar } from '../../components/DraftBar.tsx';
import { useReviewDraft } from '../../components/useReviewDraft.ts';
import { useLeaveGuard } from '../../components/leave-guard.ts';
import { useSubmitShortcut } from '../review/useReviewKeys.ts';
import { useLatest } from '../../components/useLatest.ts';

interface Props {
  appointmentId: string;
  conditionFlag: number;
  hardBeta: boolean;
  etag: string | null;
  dispositions: FlagTypeDispositions[];
  /** The signed-in assignee: the draft of the form is theirs. */
  user: string;
}

/**
 * The assignee's action bar (spec 002 §2): 'Mark as {current type}', 'Change to {other type}' (disabled for Hard
 * Beta), 'Un-flag this car'; non-confirm actions ask for a Reason, a Disposition and, for an Alpha car changed to
 * Beta, 'Select All Wrong Granularities'. The flow and its rules are the unflag machine's.
 */
export function UnflagActionBar({ appointmentId, conditionFlag, hardBeta, etag, dispositions, user }: Props) {
  const navigate = useNavigate();
  // The config version the detail's route loaded, kept by the machine until the action is submitted.
  const { config, version: configVersion } = useRulesProduct<UnflagConfig>();
  const latest = useLatest(navigate);
  const [machine] = useState(() =>
    unflagMachine.provide({
      actors: { submitUnflag: fromPromise(({ input }) => patchGsFlag(input.appointmentId, input.payload, input.etag)) },
      actions: {
        showSuccess: (_, params) => showSuccess(params.message),
        showError: (_, params) => showError(params.message),
        goToList: () => latest()('/gs-unflagging'),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine, { input: { appointmentId, conditionFlag, hardBeta, etag, config, configVersion } });
  const { context } = snapshot;
  const outcome = chosenOutcome(context);
  const busy = snapshot.hasTag('busy');
  const done = snapshot.matches('done') || snapshot.matches('left');
  // The chosen action and what was typed are kept as a draft until the flag is submitted (issue 16).
  const { action, reason, disposition, subDisposition } = context;
  const payload = useMemo<UnflagForm | null>(() => (action ? { action, reason, disposition, subDisposition } : null), [action, reason, disposition, subDisposition]);
  const apply = useCallback((form: UnflagForm | null) => send({ type: 'SET_FORM', form }), [send]);
  const draft = useReviewDraft({
    draftKey: draftKey(user, appointmentId, 'gs'),
    // The detail's ETag changes with the flag: a draft made on another flag is offered, not applied.
    version: `${appointmentId}:${conditionFlag}:${hardBeta ? 1 : 0}:${etag ?? ''}|${configFingerprint(config)}`,
    payload,
    parse: storedUnflagForm,
    apply,
    done,
  });
  useLeaveGuard(draft.unsaved);
  // Ctrl+Enter submits the chosen action as the Submit button does: the machine checks Reason and Disposition.
  const form = useRef<HTMLFormElement>(null);
  const submit = () => {
    send({ type: 'SUBMIT' });
    focusFirstInvalid(() => form.current);
  };
  useSubmitShortcut(submit, snapshot.hasTag('form') && !busy);
  // The form goes once the flag is stored (its buttons with it, the actions disabled until the list opens): the
  // focus goes to the action bar, which the success message is about, rather than to the page's body.
  const bar = useRef<HTMLElement>(null);
  const actionButtons = useRef(new Map<string, HTMLButtonElement>());
  useEffect(() => {
    if (done) bar.current?.focus();
  }, [done]);
  const cancel = () => {
    if (busy) return;
    // Cancel takes the form away: the focus goes back to the action that opened it, where a keyboard user picks again.
    if (context.action) actionButtons.current.get(context.action)?.focus();
    send({ type: 'CANCEL' });
  };
  // Dispositions of the car's type as the server lists them (labels 0 Alpha, 4 Beta).
  const type = dispositions.find((d) => d.id === (conditionFlag === 0 ? 0 : 4));
  const options = (type?.dispositions ?? []).map((d) => ({ id: d.key, label: d.label }));
  const subOptions = (type?.subDispositions ?? []).map((d) => ({ id: d.key, label: d.label }));

  return (
    <section ref={bar} className="gs-actions" aria-label="Flag action" data-section tabIndex={-1}>
      <DraftBar notice={draft.notice} onRestore={draft.restore} onDiscard={draft.discard} record="flagged car" />
      <div className="gs-action-buttons" role="group" aria-label="Actions">
        {UNFLAG_ACTIONS.map((action) => (
          <button
            key={action}
            ref={(el) => {
              if (el) actionButtons.current.set(action, el);
              else actionButtons.current.delete(action);
            }}
            type="button"
            aria-pressed={context.action === action}
            disabled={busy || !snapshot.can({ type: 'SELECT', action })}
            onClick={() => send({ type: 'SELECT', action })}
          >
            {actionLabel(config, action, context)}
          </button>
        ))}
      </div>
      {snapshot.hasTag('form') && outcome && (
        <form
          ref={form}
          className="gs-action-form"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <p>
            <strong>{actionLabel(config, context.action!, context)}</strong>
          </p>
          {outcome.needsReason && (
            <>
              <TextField value={context.reason} onChange={(value) => send({ type: 'SET_REASON', value })} isInvalid={!!context.errors.reason} className="gs-field">
                <Label>Reason</Label>
                <TextArea rows={3} />
                {context.errors.reason && <FieldError className="field-error">{context.errors.reason}</FieldError>}
              </TextField>
              <div className="gs-field">
                <SelectField label="Disposition" options={options} value={context.disposition} onChange={(key) => send({ type: 'SET_DISPOSITION', value: key === null ? null : String(key) })} error={context.errors.disposition} />
              </div>
            </>
          )}
          {outcome.subDispositions && (
            <div className="gs-field">
              <SelectField
                label="Select All Wrong Granularities"
                selectionMode="multiple"
                options={subOptions}
                value={context.subDisposition}
                onChange={(keys) => send({ type: 'SET_SUB_DISPOSITIONS', keys: keys.map(String) })}
              />
            </div>
          )}
          {/* aria-disabled while the flag is sent, not disabled: a focused button that turns disabled drops the focus to
              the page's body, and a refused submit would leave it there. The machine takes no SUBMIT or CANCEL then. */}
          <div className="gs-form-buttons">
            <button type="submit" className="primary" aria-disabled={busy}>
              Submit
            </button>
            <button type="button" aria-disabled={busy} onClick={cancel}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
