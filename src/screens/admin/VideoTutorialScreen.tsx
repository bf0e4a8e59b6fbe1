import { useMemo, useState, type Dispatch, type SetStateAction } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import dayjs from 'dayjs';
import adminForms from '../../config/admin-forms.json';
import { uploadVideoTutorial } from '../../api/admin.ts';
import { showError, showSuccess } from '../../components/toast.ts';
import { SchemaForm } from './SchemaForm.tsx';

const FORM = adminForms.videoTutorial;

interface VideoForm {
  featureTitle?: string;
  description?: string;
  /** File names only: the files are in state. */
  hindiVideo?: string;
  englishVideo?: string;
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

/**
 * The form in the spec's field order (spec 002 §2): the two video files sit between the message and the date. They are
 * files, not JSON: the form only holds their names, the files themselves go up in the multipart body.
 */
const SCHEMA = {
  ...FORM.schema,
  properties: {
    featureTitle: FORM.schema.properties.featureTitle,
    description: FORM.schema.properties.description,
    hindiVideo: { type: 'string', title: 'Hindi Video' },
    englishVideo: { type: 'string', title: 'English Video' },
    startDate: FORM.schema.properties.startDate,
    configName: FORM.schema.properties.configName,
  },
};

function chooseVideo(setFiles: Dispatch<SetStateAction<Files>>, key: keyof Files, file: File | undefined): boolean {
  if (file && !isVideo(file)) {
    showError(`${key === 'hindiVideo' ? 'Hindi' : 'English'} video: only video files can be uploaded`);
    setFiles((f) => ({ ...f, [key]: null }));
    return false;
  }
  setFiles((f) => ({ ...f, [key]: file ?? null }));
  return true;
}

/** /admin-vtt: trigger a video tutorial for the inspection app (QC admin). */
export default function VideoTutorialScreen() {
  const today = () => ({ startDate: dayjs().format('YYYY-MM-DD') });
  const [data, setData] = useState<VideoForm>(today);
  const [files, setFiles] = useState<Files>({ hindiVideo: null, englishVideo: null });
  const [progress, setProgress] = useState<number | null>(null);
  const [formKey, setFormKey] = useState(0);

  const ui = useMemo(() => {
    const VideoFile = (props: WidgetProps) => (
      <input
        type="file"
        accept="video/*"
        id={props.id}
        disabled={props.disabled}
        onChange={(e) => {
          const file = e.target.files?.[0];
          const ok = chooseVideo(setFiles, props.name as keyof Files, file);
          if (!ok) e.target.value = '';
          props.onChange(ok ? file?.name : undefined);
        }}
      />
    );
    return {
      description: { 'ui:widget': 'textarea' },
      hindiVideo: { 'ui:widget': VideoFile },
      englishVideo: { 'ui:widget': VideoFile },
      startDate: { 'ui:widget': 'date' },
    };
  }, []);

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
      <SchemaForm<VideoForm> key={formKey} schema={SCHEMA} uiSchema={ui} formData={data} onChange={setData} onSubmit={(form) => void submit(form)} disabled={uploading}>
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
