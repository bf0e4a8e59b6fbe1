import { useEffect, useState } from 'react';
import { focusFirstInvalid } from '../../components/focus-invalid.ts';
import { Button } from 'react-aria-components/Button';
import { Dialog } from 'react-aria-components/Dialog';
import { Modal } from 'react-aria-components/Modal';
import { useLocation, useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/http.ts';
import { deleteVariantData, fetchSuggestion, setSuggestionStatus, type Suggestion, type VariantListItem } from '../../api/variants.ts';
import { showError, showSuccess } from '../../components/toast.ts';
import { EMPTY_SELECTION, selectionErrors, useCatalogue, type Selection } from './catalogue.ts';
import { CatalogueFilters } from './CatalogueFilters.tsx';
import { SequenceDialog } from './SequenceDialog.tsx';
import { Loading } from '../../components/Loading.tsx';
import './variants.css';

const messageOf = (error: unknown) => (error instanceof ApiError || error instanceof Error ? error.message : 'Something went wrong');

/** An image answer is 'label:url' (spec 002 §3): the label with a thumbnail. */
function ParameterValue({ type, value }: { type: string; value: string }) {
  if (type !== 'image') return <>{value}</>;
  const cut = value.indexOf(':');
  return (
    <span className="image-value">
      <img src={value.slice(cut + 1)} alt="" width={24} height={24} />
      {value.slice(0, cut)}
    </span>
  );
}

/** The navigation state the add screen reads in edit mode (spec 002 §2 'Add / edit car variant'). */
export interface EditState {
  variant: VariantListItem;
  make: { make_id: number; make_name: string };
  model: { model_id: number; model_name: string };
}

/** What the add screen hands back: the selection to show again, so the user sees what they just saved. */
export interface ListState {
  selection: Selection;
}

const complete = (s: Selection | undefined): s is Selection => !!s && Object.keys(selectionErrors(s)).length === 0;

/** /car-variant-list: suggestion data of a make, model, years and fuel type (spec 002 §2 'Car variant list'). */
export default function CarVariantListScreen() {
  const navigate = useNavigate();
  const returned = (useLocation().state as ListState | null)?.selection;
  const [selection, setSelection] = useState<Selection>(returned ?? EMPTY_SELECTION);
  const [errors, setErrors] = useState<ReturnType<typeof selectionErrors>>({});
  const [queried, setQueried] = useState<Selection | null>(null);
  const [result, setResult] = useState<Suggestion | null>(null);
  const [loading, setLoading] = useState(false);
  const [deleting, setDeleting] = useState<VariantListItem | null>(null);
  const [sequenceOpen, setSequenceOpen] = useState(false);
  const catalogue = useCatalogue(selection);

  async function load(s: Selection) {
    setLoading(true);
    try {
      setResult(await fetchSuggestion(s.model!.model_id, s.years, s.fuelType!));
      setQueried(s);
    } catch (error) {
      setResult(null);
      showError(messageOf(error));
    } finally {
      setLoading(false);
    }
  }

  useEffect(() => {
    if (complete(returned)) void load(returned);
    // Once, for the selection the add screen handed back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function submit() {
    const found = selectionErrors(selection);
    setErrors(found);
    if (Object.keys(found).length === 0) void load(selection);
    else focusFirstInvalid(() => document.querySelector('main'));
  }

  async function confirmDelete(item: VariantListItem) {
    setDeleting(null);
    try {
      showSuccess(await deleteVariantData(item.srNo));
      if (queried) await load(queried);
    } catch (error) {
      showError(messageOf(error));
    }
  }

  async function toggleStatus() {
    if (!queried || !result) return;
    const status = result.status === 'Active' ? 'Pending' : 'Active';
    try {
      await setSuggestionStatus({ model_id: queried.model!.model_id, manufacturingYears: queried.years.join(','), fuelType: queried.fuelType!, status });
      showSuccess(status === 'Active' ? 'Enabled for the inspection app' : 'Disabled for the inspection app');
      await load(queried);
    } catch (error) {
      showError(messageOf(error));
    }
  }

  const parameterNames = result ? [...new Set(result.variantList.flatMap((v) => v.variantParameters.slice(2).map((p) => p.name)))] : [];

  return (
    <main className="page variant-page">
      <div className="variant-title">
        <h1>Car Variants</h1>
        <Button onPress={() => navigate('/add-car-variant')}>Add Variant</Button>
      </div>
      <CatalogueFilters selection={selection} onChange={setSelection} errors={errors} fuelAs="select" {...catalogue} />
      <Button onPress={submit} isDisabled={loading}>
        Submit
      </Button>

      {result && queried && (
        <section aria-label="Suggestion data" className="variant-result">
          {result.missingVariants.length > 0 && (
            <div className="missing" role="status">
              <strong>Variant data missing for:</strong>
              <ul>
                {result.missingVariants.map((m) => (
                  <li key={m.variant_id}>
                    {m.variant_name} ({m.years.join(', ')})
                  </li>
                ))}
              </ul>
            </div>
          )}
          <div className="variant-actions">
            {result.missingVariants.length === 0 && result.variantList.length > 0 && <Button onPress={() => setSequenceOpen(true)}>Set Question Sequence</Button>}
            {result.variantList.length > 0 && (
              <Button onPress={() => void toggleStatus()}>{result.status === 'Active' ? 'Disable For Inspection App' : 'Enable For Inspection App'}</Button>
            )}
          </div>
          {/* 'Variant data missing for:' plus a list, or 'No data found' (spec 002 §2): not both. */}
          {result.variantList.length === 0 ? (
            result.missingVariants.length === 0 && <p className="list-status">No data found</p>
          ) : (
            <table className="variant-table">
              <thead>
                <tr>
                  <th scope="col">Variant</th>
                  <th scope="col">Years</th>
                  {parameterNames.map((name) => (
                    <th scope="col" key={name}>
                      {name}
                    </th>
                  ))}
                  <th scope="col">Action</th>
                </tr>
              </thead>
              <tbody>
                {result.variantList.map((item) => {
                  const values = new Map(item.variantParameters.map((p) => [p.name, p]));
                  return (
                    <tr key={item.srNo}>
                      <th scope="row">{item.variant}</th>
                      <td>{item.manufacturingYears.split(',').join(', ')}</td>
                      {parameterNames.map((name) => {
                        const p = values.get(name);
                        return <td key={name}>{p ? <ParameterValue type={p.type} value={p.value} /> : '-'}</td>;
                      })}
                      <td className="row-actions">
                        <Button
                          aria-label={`Edit ${item.variant}`}
                          onPress={() =>
                            navigate('/add-car-variant', {
                              state: { variant: item, make: queried.make!, model: queried.model! } satisfies EditState,
                            })
                          }
                        >
                          Edit
                        </Button>
                        <Button aria-label={`Delete ${item.variant}`} onPress={() => setDeleting(item)}>
                          Delete
                        </Button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )}
        </section>
      )}

      {deleting && (
        <Modal isOpen isDismissable onOpenChange={(open) => !open && setDeleting(null)} className="modal">
          <Dialog role="alertdialog" aria-label="Delete variant data" className="popup">
            <p>Are you sure you want to delete variant data for {deleting.variant}</p>
            <div className="popup-buttons">
              <Button onPress={() => setDeleting(null)}>No</Button>
              <Button onPress={() => void confirmDelete(deleting)}>Yes</Button>
            </div>
          </Dialog>
        </Modal>
      )}
      {sequenceOpen && queried && <SequenceDialog scope={queried} onClose={() => setSequenceOpen(false)} />}
      {loading && <Loading className="muted" />}
    </main>
  );
}
