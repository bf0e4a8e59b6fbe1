import { useState } from 'react';
import dayjs from 'dayjs';
import adminForms from '../../config/admin-forms.json';
import { uploadVideoTutorial } from '../../api/admin.ts';
import { showError, showSuccess } from '../../components/toast.ts';
import { SchemaForm } from './SchemaForm.tsx';

const FORM = adminForms.videoTutorial;

interface VideoForm {
  featureTitle?: string;
  description?: string;
  startDate?: string;
  configName?: string;
}

type Files = { hindiVideo: File | null; englishVideo: File | null };

/** The first of the six checks of spec 002 §5 that fails, in their order, or null. */
export function firstVideoProblem(data: VideoForm, files: Files): string | null {
  const present = (key: string) => (key === 'hindiVideo' || key === 'englishVideo' ? !!files[key] : !!data[key as keyof VideoForm]?.trim());
  return FORM.checks.find(([key]) => !present(key))?.[1] ?? null;
}

const isVideo = (file: File) => file.type.startsWith('video/');

const UI = { startDate: { 'ui:widget': 'date' }, description: { 'ui:widget': 'textarea' } };

/** /admin-vtt: trigger a video tutorial for the inspection app (QC admin). */
export default function VideoTutorialScreen() {
  const today = () => ({ startDate: dayjs().format('YYYY-MM-DD') });
  const [data, setData] = useState<VideoForm>(today);
  const [files, setFiles] = useState<Files>({ hindiVideo: null, englishVideo: null });
  const [progress, setProgress] = useState<number | null>(null);
  const [formKey, setFormKey] = useState(0);

  function choose(key: keyof Files, file: File | undefined) {
    if (file && !isVideo(file)) {
      showError(`${key === 'hindiVideo' ? 'Hindi' : 'English'} video: only video files can be uploaded`);
      setFiles((f) => ({ ...f, [key]: null }));
      return;
    }
    setFiles((f) => ({ ...f, [key]: file ?? null }));
  }

  async function submit(form: VideoForm) {
    const problem = firstVideoProblem(form, files);
    if (problem) {
      showError(problem);
      return;
    }
    setProgress(0);
    try {
      await uploadVideoTutorial(
        { featureTitle: form.featureTitle!.trim(), description: form.description!.trim(), startDate: form.startDate!, configName: form.configName!.trim(), hindiVideo: files.hindiVideo!, englishVideo: files.englishVideo! },
        setProgress,
      );
      showSuccess(FORM.success);
      setData(today());
      setFiles({ hindiVideo: null, englishVideo: null });
      setFormKey((k) => k + 1);
    } catch (error) {
      showError((error as Error).message);
    } finally {
      setProgress(null);
    }
  }

  const uploading = progress !== null;
  return (
    <main className="page admin-page">
      <h1>Video Tutorial Trigger</h1>
      <SchemaForm<VideoForm> key={formKey} schema={FORM.schema} uiSchema={UI} formData={data} onChange={setData} onSubmit={(form) => void submit(form)} disabled={uploading}>
        <label className="file-field">
          Hindi Video
          <input type="file" accept="video/*" disabled={uploading} onChange={(e) => choose('hindiVideo', e.target.files?.[0])} />
        </label>
        <label className="file-field">
          English Video
          <input type="file" accept="video/*" disabled={uploading} onChange={(e) => choose('englishVideo', e.target.files?.[0])} />
        </label>
        {uploading && <progress aria-label="Upload progress" max={100} value={progress} />}
        <div className="admin-buttons">
          <button type="submit" disabled={uploading}>
            Submit
          </button>
        </div>
      </SchemaForm>
    </main>
  );
}
