import { useState } from 'react';
import { Button } from 'react-aria-components/Button';
import { Dialog, Heading } from 'react-aria-components/Dialog';
import { Input } from 'react-aria-components/Input';
import { Label } from 'react-aria-components/Label';
import { Modal } from 'react-aria-components/Modal';
import { Radio, RadioGroup } from 'react-aria-components/RadioGroup';
import { TextField } from 'react-aria-components/TextField';
import { ApiError } from '../../api/http.ts';
import { addParameter, updateParameter, uploadParameterImage, type ParameterType, type VariantParameter } from '../../api/variants.ts';
import { draftError, draftOf, emptyDraft, inputOf, isWebp, ONLY_WEBP, PARAMETER_TYPES, parameterFailure, withType, type ParameterDraft } from './parameter-form.ts';

interface Props {
  /** The parameter to edit; none to add one. */
  editing: VariantParameter | null;
  onSaved: (parameter: VariantParameter) => void;
  onClose: () => void;
}

/** The 'Add Parameter..' popup (spec 002 §2, §4, §5): name, type and the type's options. */
export function ParameterPopup({ editing, onSaved, onClose }: Props) {
  const [draft, setDraft] = useState<ParameterDraft>(editing ? draftOf(editing) : emptyDraft());
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<VariantParameter | null>(null);

  const setOption = (i: number, value: string) => setDraft((d) => ({ ...d, options: d.options.map((o, j) => (j === i ? value : o)) }));
  const setImage = (i: number, patch: Partial<ParameterDraft['images'][number]>) => setDraft((d) => ({ ...d, images: d.images.map((o, j) => (j === i ? { ...o, ...patch } : o)) }));

  function chooseFile(i: number, file: File | undefined) {
    if (!file) return;
    if (!isWebp(file)) {
      setError(ONLY_WEBP);
      return;
    }
    setError(null);
    setImage(i, { file, url: '' });
  }

  async function save() {
    const problem = draftError(draft, editing ?? undefined);
    setError(problem);
    if (problem) return;
    setSaving(true);
    try {
      const images = await Promise.all(draft.images.map(async (i) => (i.file ? { ...i, url: await uploadParameterImage(i.name.trim(), i.file), file: null } : i)));
      const body = inputOf({ ...draft, images });
      const result = editing ? await updateParameter(editing._id, body) : await addParameter(body);
      setSaved(result);
      onSaved(result);
    } catch (e) {
      setError(e instanceof ApiError ? parameterFailure(e.body, e.message) : parameterFailure(null, (e as Error).message));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal isOpen isDismissable={!saving} onOpenChange={(open) => !open && onClose()} className="modal">
      <Dialog aria-label={editing ? 'Edit Parameter' : 'Add Parameter'} className="popup parameter-popup">
        <Heading slot="title">{editing ? 'Edit Parameter' : 'Add Parameter'}</Heading>
        {saved ? (
          <>
            <p role="status">
              Parameter {saved.name} {editing ? 'updated' : 'added'} successfully
            </p>
            <div className="popup-buttons">
              {!editing && (
                <Button
                  onPress={() => {
                    setSaved(null);
                    setDraft(emptyDraft());
                  }}
                >
                  Add an other parameter
                </Button>
              )}
              <Button onPress={onClose}>Close</Button>
            </div>
          </>
        ) : (
          <>
            <TextField value={draft.name} onChange={(name) => setDraft((d) => ({ ...d, name }))} className="text-field">
              <Label>Parameter Name</Label>
              <Input maxLength={40} />
            </TextField>
            <RadioGroup value={draft.type} onChange={(type) => setDraft((d) => withType(d, type as ParameterType))} orientation="horizontal" className="fuel-radios">
              <Label>Type</Label>
              {PARAMETER_TYPES.map((t) => (
                <Radio key={t.id} value={t.id}>
                  {t.label}
                </Radio>
              ))}
            </RadioGroup>
            {draft.type === 'dropDown' && (
              <fieldset className="options">
                <legend>Options</legend>
                {draft.options.map((option, i) => (
                  <div key={i} className="option-row">
                    <TextField value={option} onChange={(v) => setOption(i, v)} aria-label={`Option ${i + 1}`}>
                      <Input maxLength={60} />
                    </TextField>
                    {draft.options.length > 1 && (
                      <Button aria-label={`Remove option ${i + 1}`} onPress={() => setDraft((d) => ({ ...d, options: d.options.filter((_, j) => j !== i) }))}>
                        ✕
                      </Button>
                    )}
                  </div>
                ))}
                <Button onPress={() => setDraft((d) => ({ ...d, options: [...d.options, ''] }))}>Add Option</Button>
              </fieldset>
            )}
            {draft.type === 'image' && (
              <fieldset className="options">
                <legend>Images</legend>
                {draft.images.map((image, i) => (
                  <div key={i} className="option-row">
                    <TextField value={image.name} onChange={(name) => setImage(i, { name })} aria-label={`Image name ${i + 1}`}>
                      <Input maxLength={60} placeholder="Image name" />
                    </TextField>
                    {image.url && <img src={image.url} alt={image.name} width={32} height={32} />}
                    <input type="file" accept="image/webp" aria-label={`Image ${i + 1}`} onChange={(e) => chooseFile(i, e.target.files?.[0])} />
                    {draft.images.length > 1 && (
                      <Button aria-label={`Remove image ${i + 1}`} onPress={() => setDraft((d) => ({ ...d, images: d.images.filter((_, j) => j !== i) }))}>
                        ✕
                      </Button>
                    )}
                  </div>
                ))}
                <Button onPress={() => setDraft((d) => ({ ...d, images: [...d.images, { name: '', url: '', file: null }] }))}>Add Image</Button>
              </fieldset>
            )}
            {error && (
              <p role="alert" className="error">
                {error}
              </p>
            )}
            <div className="popup-buttons">
              <Button onPress={onClose} isDisabled={saving}>
                Cancel
              </Button>
              <Button onPress={() => void save()} isDisabled={saving}>
                {editing ? 'Update' : 'Submit'}
              </Button>
            </div>
          </>
        )}
      </Dialog>
    </Modal>
  );
}
