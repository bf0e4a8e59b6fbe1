import { useState } from 'react';
import adminForms from '../../config/admin-forms.json';
import { correctRegistration, type RegVariantBody } from '../../api/admin.ts';
import { showSuccess } from '../../components/toast.ts';
import { useBusyAction } from './useBusyAction.ts';
import { SchemaForm } from './SchemaForm.tsx';

const FORM = adminForms.regVariant;
const EMPTY: RegVariantBody = { appointmentId: '', registrationNumber: '', oldRegistrationNumber: '', variant: '', oldVariant: '' };

/** The reg/variant rules of spec 002 §5: an old value needs a new one. */
export function regVariantErrors(data: Partial<RegVariantBody>): [keyof RegVariantBody, string][] {
  const errors: [keyof RegVariantBody, string][] = [];
  if (!data.appointmentId?.trim()) errors.push(['appointmentId', FORM.messages.appointmentId]);
  if (data.oldRegistrationNumber?.trim() && !data.registrationNumber?.trim()) errors.push(['registrationNumber', FORM.messages.registrationNumber]);
  if (data.oldVariant?.trim() && !data.variant?.trim()) errors.push(['variant', FORM.messages.variant]);
  return errors;
}

/** /admin-rv: correct the registration number and / or the variant of an appointment (QC admin). */
export default function RegVariantScreen() {
  const [data, setData] = useState<RegVariantBody>(EMPTY);
  const { busy, run } = useBusyAction();

  const submit = (form: RegVariantBody) =>
    run(async () => {
      const body = { ...EMPTY, ...form, registrationNumber: (form.registrationNumber ?? '').toUpperCase(), oldRegistrationNumber: (form.oldRegistrationNumber ?? '').toUpperCase() };
      const result = await correctRegistration(body);
      showSuccess(`Updated: registration number ${result.registrationNumber}, variant ${result.variant}`);
      setData(EMPTY);
    });

  return (
    <main className="page admin-page">
      <h1>Registration / Variant Correction</h1>
      <SchemaForm<RegVariantBody>
        schema={FORM.schema}
        formData={data}
        onChange={(next) => setData({ ...next, registrationNumber: (next.registrationNumber ?? '').toUpperCase() })}
        onSubmit={(form) => void submit(form)}
        check={regVariantErrors}
        requiredMessages={{ appointmentId: FORM.messages.appointmentId }}
        disabled={busy}
      >
        <div className="admin-buttons">
          <button type="submit" disabled={busy}>
            Submit
          </button>
        </div>
      </SchemaForm>
    </main>
  );
}
