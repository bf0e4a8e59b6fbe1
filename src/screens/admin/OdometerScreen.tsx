import { useState } from 'react';
import adminForms from '../../config/admin-forms.json';
import { correctOdometer, fetchOdometer } from '../../api/admin.ts';
import { showError, showSuccess } from '../../components/toast.ts';
import { SchemaForm } from './SchemaForm.tsx';
import { useBusyAction } from './useBusyAction.ts';

const FORM = adminForms.odometer;

interface OdometerForm {
  appointmentId?: string;
  odometerReading?: string;
}

/** Spec 002 §5: 'Invalid Appointment Id'; 'Invalid odometer' when an old reading exists without a (whole, positive) new one. */
export function odometerErrors(data: OdometerForm, oldReading: number | null): [keyof OdometerForm, string][] {
  const errors: [keyof OdometerForm, string][] = [];
  if (!data.appointmentId?.trim()) errors.push(['appointmentId', FORM.messages.appointmentId]);
  const reading = data.odometerReading?.trim() ?? '';
  if ((oldReading !== null && !reading) || (reading && !/^[1-9]\d{0,9}$/.test(reading))) errors.push(['odometerReading', FORM.messages.odometerReading]);
  return errors;
}

/** /admin-odo: fetch the recorded odometer reading (read-only) and correct it (QC admin). */
export default function OdometerScreen() {
  const [data, setData] = useState<OdometerForm>({});
  const [oldReading, setOldReading] = useState<number | null>(null);
  const [fetchedFor, setFetchedFor] = useState<string | null>(null);
  const { busy, run } = useBusyAction();

  async function lookup() {
    const id = data.appointmentId?.trim();
    if (!id) {
      showError(FORM.messages.appointmentId);
      return;
    }
    try {
      setOldReading(await fetchOdometer(id));
      setFetchedFor(id);
    } catch {
      setOldReading(null);
      setFetchedFor(null);
      showError(FORM.messages.lookup);
    }
  }

  const submit = (form: OdometerForm) =>
    run(async () => {
      showSuccess(await correctOdometer(form.appointmentId!.trim(), Number(form.odometerReading)));
      setData({});
      setOldReading(null);
      setFetchedFor(null);
    });

  return (
    <main className="page admin-page">
      <h1>Odometer Correction</h1>
      <SchemaForm<OdometerForm>
        schema={FORM.schema}
        formData={data}
        onChange={(next) => {
          setData(next);
          // The old reading belongs to the appointment it was fetched for.
          if (fetchedFor !== null && next.appointmentId?.trim() !== fetchedFor) {
            setOldReading(null);
            setFetchedFor(null);
          }
        }}
        onSubmit={(form) => void submit(form)}
        check={(form) => odometerErrors(form, oldReading)}
        requiredMessages={{ appointmentId: FORM.messages.appointmentId }}
        disabled={busy}
      >
        <div className="admin-buttons">
          <button type="button" onClick={() => void lookup()}>
            Get Old Odometer Reading
          </button>
        </div>
        <label className="file-field">
          Old Odometer Reading
          <input readOnly value={fetchedFor ? (oldReading ?? 'Not recorded') : ''} />
        </label>
        <div className="admin-buttons">
          <button type="submit" disabled={busy}>
            Submit
          </button>
        </div>
      </SchemaForm>
    </main>
  );
}
