import { useEffect, useRef, useState } from 'react';
import { Button } from 'react-aria-components/Button';
import { Dialog, Heading } from 'react-aria-components/Dialog';
import { Modal } from 'react-aria-components/Modal';
import { fetchSequence, submitSequence, type SequenceParameter } from '../../api/variants.ts';
import { showSuccess } from '../../components/toast.ts';
import type { Selection } from './catalogue.ts';
import { assignNumber, DUPLICATE_MS, missingNumbers, type Numbers } from './sequence.ts';
import { Loading } from '../../components/Loading.tsx';

/** The question sequence of the queried suggestion data: a number 1..n per parameter (spec 002 §2, §5). */
export function SequenceDialog({ scope, onClose }: { scope: Selection; onClose: () => void }) {
  const [parameters, setParameters] = useState<SequenceParameter[] | null>(null);
  const [numbers, setNumbers] = useState<Numbers>(new Map());
  const [errors, setErrors] = useState<Map<string, string>>(new Map());
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    let live = true;
    fetchSequence(scope.model!.model_id, scope.years, scope.fuelType!).then(
      (list) => {
        if (!live) return;
        setParameters(list);
        setNumbers(new Map(list.filter((p) => p.sequence !== null).map((p) => [p.name, p.sequence!])));
      },
      (error: Error) => live && (setParameters([]), setFailure(error.message)),
    );
    const pending = timers.current;
    return () => {
      live = false;
      pending.forEach(clearTimeout);
    };
  }, [scope]);

  function choose(name: string, value: string) {
    if (!value) {
      const next = new Map(numbers);
      next.delete(name);
      setNumbers(next);
      return;
    }
    const result = assignNumber(numbers, name, Number(value));
    if ('error' in result) {
      setErrors((e) => new Map(e).set(name, result.error));
      // The duplicate message goes after 1.5 s (spec 002 §9).
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        setErrors((e) => {
          const next = new Map(e);
          if (next.get(name) === result.error) next.delete(name);
          return next;
        });
      }, DUPLICATE_MS);
      timers.current.add(timer);
      return;
    }
    setNumbers(result.numbers);
    setErrors((e) => {
      const next = new Map(e);
      next.delete(name);
      return next;
    });
  }

  async function save() {
    if (!parameters) return;
    const missing = missingNumbers(parameters.map((p) => p.name), numbers);
    setErrors(missing);
    if (missing.size) return;
    setSaving(true);
    setFailure(null);
    try {
      const detail = await submitSequence({
        make_id: scope.make!.make_id,
        make_name: scope.make!.make_name,
        model_id: scope.model!.model_id,
        model_name: scope.model!.model_name,
        fuelType: scope.fuelType!,
        manufacturingYears: scope.years.join(','),
        displayFields: Object.fromEntries(numbers),
      });
      showSuccess(detail);
      onClose();
    } catch (error) {
      setFailure((error as Error).message);
    } finally {
      setSaving(false);
    }
  }

  const count = parameters?.length ?? 0;
  return (
    <Modal isOpen isDismissable={!saving} onOpenChange={(open) => !open && onClose()} className="modal">
      <Dialog aria-label="Question Sequence" className="popup sequence-popup">
        <Heading slot="title">Question Sequence</Heading>
        {parameters === null && <Loading className="muted" />}
        {parameters?.length === 0 && <p>No parameter found</p>}
        {count > 0 && (
          <table className="variant-table">
            <thead>
              <tr>
                <th scope="col">Parameter</th>
                <th scope="col">Sequence</th>
              </tr>
            </thead>
            <tbody>
              {parameters!.map((p) => (
                <tr key={p.name}>
                  <th scope="row">{p.name}</th>
                  <td>
                    <select aria-label={`Sequence of ${p.name}`} value={numbers.get(p.name) ?? ''} onChange={(e) => choose(p.name, e.target.value)}>
                      <option value="">-</option>
                      {Array.from({ length: count }, (_, i) => (
                        <option key={i + 1} value={i + 1}>
                          {i + 1}
                        </option>
                      ))}
                    </select>
                    {errors.get(p.name) && <span className="error field-error">{errors.get(p.name)}</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {failure && (
          <p role="alert" className="error">
            {failure}
          </p>
        )}
        <div className="popup-buttons">
          <Button onPress={onClose}>Close</Button>
          {count > 0 && (
            <Button onPress={() => void save()} isDisabled={saving}>
              Submit Sequence
            </Button>
          )}
        </div>
      </Dialog>
    </Modal>
  );
}
