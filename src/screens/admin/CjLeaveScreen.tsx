import { useState } from 'react';
import { ApiError } from '../../api/http.ts';
import { uploadLeaves } from '../../api/admin.ts';
import { readSession } from '../../api/session.ts';
import { showError, showSuccess } from '../../components/toast.ts';
import { useBusyAction } from './useBusyAction.ts';
import './admin.css';

export const CHOOSE_FILE = 'Please select csv file to upload';
export const FAILED = 'Failed to upload';

/** /update-cj: upload a CSV of evaluator (CJ) leaves (spec 002 §2, §5, §8). */
export default function CjLeaveScreen() {
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const { busy, run } = useBusyAction();

  async function upload() {
    setErrors([]);
    if (!file) {
      showError(CHOOSE_FILE);
      return;
    }
    await run(
      async () => showSuccess(await uploadLeaves(file, readSession()?.email ?? '')),
      (error) => {
        // A refused file answers its problems one per line; anything else is a plain failure.
        const lines = error instanceof ApiError && error.status === 400 ? error.message.split('\n').filter(Boolean) : [];
        if (lines.length) setErrors(lines);
        showError(lines.length ? lines[0] : FAILED);
      },
    );
  }

  return (
    <main className="page admin-page">
      <h1>Upload CJ Leave</h1>
      <p className="muted">CSV columns: EVALUATOR_EMAIL, LEAVE_DATE (YYYY-MM-DD), LEAVE_TYPE (FULL_DAY, FIRST_HALF or SECOND_HALF; optional).</p>
      <label className="file-field">
        Leave file
        <input type="file" accept="text/csv" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
      </label>
      <div className="admin-buttons">
        <button type="button" onClick={() => void upload()} disabled={busy}>
          Upload
        </button>
      </div>
      {errors.length > 0 && (
        <ul className="upload-errors" aria-label="Upload errors">
          {errors.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </main>
  );
}
