import { useCallback, useEffect, useMemo, useState } from 'react';
import { focusFirstInvalid } from '../../components/focus-invalid.ts';
import {
  closestCorners,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button } from 'react-aria-components/Button';
import { Dialog } from 'react-aria-components/Dialog';
import { Modal } from 'react-aria-components/Modal';
import { useLocation, useNavigate } from 'react-router-dom';
import { draftKey, indexedDbDrafts, type DraftStore } from '../../api/drafts.ts';
import { fetchParameters, submitVariantData, updateVariantData, type VariantParameter } from '../../api/variants.ts';
import { DraftBar } from '../../components/DraftBar.tsx';
import { useReviewDraft } from '../../components/useReviewDraft.ts';
import { configFingerprint } from '../../machines/review-draft.machine.ts';
import { useSession } from '../../session/useSession.ts';
import { showError } from '../../components/toast.ts';
import { SelectField, withChosen } from '../../components/SelectField.tsx';
import { EMPTY_SELECTION, selectionErrors, useCatalogue, variantFamilies, type Selection, type VariantFamily } from './catalogue.ts';
import { CatalogueFilters } from './CatalogueFilters.tsx';
import type { EditState, ListState } from './CarVariantListScreen.tsx';
import { columnErrors, columnOf, dropParameter, moveSlot, newColumn, removeSlot, rowsOf, setSlotValue, type Column, type Slot } from './columns.ts';
import { ParameterPopup } from './ParameterPopup.tsx';
import { useLeaveGuard } from '../../components/leave-guard.ts';
import { columnsOfDraft, parseVariantDraft, VARIANT_DRAFT_SHAPE, variantDraftOf, type VariantDraft } from './variant-draft.ts';
import './variants.css';

/** What a draggable or droppable carries: a parameter of the side panel, a column, or a slot of a column. */
type DragData = { kind: 'param'; name: string } | { kind: 'column'; key: string; label: string } | { kind: 'slot'; key: string; name: string; label: string };

const YES_NO = ['Yes', 'No'];

export const VARIANT_LEAVE_QUESTION = 'Leave this page? The variant data you entered is not submitted yet (a draft stays on this device).';

/** What the analyst has entered, for telling it from what was last loaded or submitted: the column keys and empty columns aside. */
function entered(selection: Selection, columns: readonly Column[]): string {
  return JSON.stringify(variantDraftOf(selection, columns.filter((c) => c.variantId !== null || c.variant !== '' || c.slots.length > 0)));
}

function initialState(edit: EditState | null): { selection: Selection; columns: Column[] } {
  if (!edit) return { selection: EMPTY_SELECTION, columns: [newColumn()] };
  return {
    selection: { make: edit.make, model: edit.model, years: edit.variant.manufacturingYears.split(',').map(Number), fuelType: edit.variant.fuelType },
    columns: [columnOf(edit.variant)],
  };
}

function PanelParameter({ parameter, onEdit }: { parameter: VariantParameter; onEdit: () => void }) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id: `param|${parameter.name}`, data: { kind: 'param', name: parameter.name } satisfies DragData });
  return (
    <li ref={setNodeRef} className={`panel-parameter${isDragging ? ' dragging' : ''}`} style={{ transform: CSS.Translate.toString(transform) }}>
      <button type="button" className="drag-handle" {...attributes} {...listeners} aria-label={`Drag ${parameter.name}`}>
        <span aria-hidden="true">⠿</span> {parameter.name} <span className="muted">({parameter.type})</span>
      </button>
      <Button onPress={onEdit} aria-label={`Edit ${parameter.name}`}>
        Edit
      </Button>
    </li>
  );
}

function SlotItem({ slot, column, label, parameter, onValue, onRemove }: { slot: Slot; column: Column; label: string; parameter?: VariantParameter; onValue: (v: string) => void; onRemove: () => void }) {
  const { attributes, listeners, setNodeRef, transform, transition } = useSortable({
    id: `slot|${column.key}|${slot.name}`,
    data: { kind: 'slot', key: column.key, name: slot.name, label } satisfies DragData,
  });
  const choices = parameter?.type === 'dropDown' ? parameter.value.map((v) => ({ value: v, label: v })) : parameter?.type === 'image' ? parameter.image.map((i) => ({ value: `${i.name}:${i.url}`, label: i.name })) : YES_NO.map((v) => ({ value: v, label: v }));
  const image = parameter?.type === 'image' && slot.value ? slot.value.slice(slot.value.indexOf(':') + 1) : null;
  return (
    <li ref={setNodeRef} className="slot" style={{ transform: CSS.Transform.toString(transform), transition }}>
      <button type="button" className="drag-handle" {...attributes} {...listeners} aria-label={`Move ${slot.name} of ${label}`}>
        <span aria-hidden="true">⠿</span>
      </button>
      <label>
        <span>{slot.name}</span>
        <select value={slot.value} onChange={(e) => onValue(e.target.value)} aria-label={`${slot.name} of ${label}`}>
          <option value="">Select {slot.name}</option>
          {choices.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </label>
      {image && <img src={image} alt="" width={24} height={24} />}
      <Button aria-label={`Remove ${slot.name} from ${label}`} onPress={onRemove}>
        ✕
      </Button>
    </li>
  );
}

interface ColumnProps {
  column: Column;
  index: number;
  families: VariantFamily[];
  parameters: Map<string, VariantParameter>;
  error?: string;
  onChange: (columns: (all: Column[]) => Column[]) => void;
  onRemove?: () => void;
}

function VariantColumn({ column, index, families, parameters, error, onChange, onRemove }: ColumnProps) {
  const label = `Variant ${index + 1}`;
  const { setNodeRef, isOver } = useDroppable({ id: `column|${column.key}`, data: { kind: 'column', key: column.key, label } satisfies DragData });
  return (
    <section className={`variant-column${isOver ? ' over' : ''}`} aria-label={label}>
      <div className="column-head">
        <SelectField
          label={label}
          placeholder="Select Variant"
          options={withChosen(
            families.map((f) => ({ id: f.id, label: f.name })),
            column.variantId === null ? [] : [{ id: column.variantId, label: column.variant }],
          )}
          value={column.variantId}
          onChange={(id) => onChange((all) => all.map((c) => (c.key === column.key ? { ...c, variantId: id === null ? null : Number(id), variant: families.find((f) => f.id === id)?.name ?? '' } : c)))}
        />
        {onRemove && (
          <Button aria-label={`Remove ${label}`} onPress={onRemove}>
            X
          </Button>
        )}
      </div>
      <SortableContext items={column.slots.map((s) => `slot|${column.key}|${s.name}`)} strategy={verticalListSortingStrategy}>
        <ul ref={setNodeRef} className="slots" aria-label={`Parameters of ${label}`}>
          {column.slots.map((slot) => (
            <SlotItem
              key={slot.name}
              slot={slot}
              column={column}
              label={label}
              parameter={parameters.get(slot.name)}
              onValue={(v) => onChange((all) => setSlotValue(all, column.key, slot.name, v))}
              onRemove={() => onChange((all) => removeSlot(all, column.key, slot.name))}
            />
          ))}
          {column.slots.length === 0 && <li className="muted drop-hint">Drop parameters here</li>}
        </ul>
      </SortableContext>
      {error && (
        <span className="error field-error" role="alert">
          {error}
        </span>
      )}
    </section>
  );
}

const nameOf = (data: DragData | undefined) => (data?.kind === 'column' ? data.label : data?.kind === 'slot' ? `${data.name} of ${data.label}` : (data?.name ?? 'item'));

/** Screen-reader announcements that say parameter and column names instead of internal ids. */
const announcements: Announcements = {
  onDragStart: ({ active }) => `Picked up ${nameOf(active.data.current as DragData)}.`,
  onDragOver: ({ active, over }) => (over ? `${nameOf(active.data.current as DragData)} is over ${nameOf(over.data.current as DragData)}.` : `${nameOf(active.data.current as DragData)} is not over a variant.`),
  onDragEnd: ({ active, over }) => (over ? `${nameOf(active.data.current as DragData)} was dropped on ${nameOf(over.data.current as DragData)}.` : `${nameOf(active.data.current as DragData)} was dropped.`),
  onDragCancel: ({ active }) => `Dragging ${nameOf(active.data.current as DragData)} was cancelled.`,
};

/**
 * /add-car-variant: build variants by dragging parameters into variant columns (spec 002 §2 'Add / edit car variant').
 * What is entered and not submitted is kept as a draft on this device (per user; the add form, or the edited variant).
 */
export default function AddCarVariantScreen({ drafts = indexedDbDrafts }: { drafts?: DraftStore }) {
  const navigate = useNavigate();
  const session = useSession();
  const edit = (useLocation().state as EditState | null) ?? null;
  const initial = useMemo(() => initialState(edit), [edit]);
  const [selection, setSelection] = useState<Selection>(initial.selection);
  const [columns, setColumns] = useState<Column[]>(initial.columns);
  const [errors, setErrors] = useState<ReturnType<typeof selectionErrors>>({});
  const [columnProblems, setColumnProblems] = useState<Map<string, string>>(new Map());
  const [parameters, setParameters] = useState<VariantParameter[]>([]);
  const [popup, setPopup] = useState<{ editing: VariantParameter | null } | null>(null);
  const [confirmation, setConfirmation] = useState<string | null>(null);
  /** The selection of the last save: the list opens on it. */
  const [savedFor, setSavedFor] = useState<Selection | null>(null);
  const [saving, setSaving] = useState(false);
  // What the form held when opened or last submitted: leaving with anything else asks first.
  const [kept, setKept] = useState(() => entered(initial.selection, initial.columns));
  const changed = entered(selection, columns) !== kept;
  const payload = useMemo(() => (changed ? variantDraftOf(selection, columns) : null), [changed, selection, columns]);
  const apply = useCallback(
    (draft: VariantDraft | null) => {
      setSelection(draft ? draft.selection : initial.selection);
      // The edit form submits one column.
      setColumns(draft ? columnsOfDraft(draft).slice(0, edit ? 1 : undefined) : initial.columns);
      setErrors({});
      setColumnProblems(new Map());
    },
    [edit, initial],
  );
  const draft = useReviewDraft({
    draftKey: session ? draftKey(session.email, edit ? `edit-${edit.variant.srNo}` : 'new', 'variant') : null,
    // An edited variant's draft is applied only while the variant is as it was when the draft was made.
    version: edit ? `${VARIANT_DRAFT_SHAPE}:${configFingerprint(edit.variant)}` : VARIANT_DRAFT_SHAPE,
    payload,
    parse: parseVariantDraft,
    apply,
    store: drafts,
  });
  const confirmLeave = useLeaveGuard(draft.unsaved, VARIANT_LEAVE_QUESTION);
  const catalogue = useCatalogue(selection);
  const families = useMemo(() => variantFamilies(catalogue.variantYears, selection.fuelType, selection.years), [catalogue.variantYears, selection.fuelType, selection.years]);
  const active = useMemo(() => parameters.filter((p) => p.status === 'Active'), [parameters]);
  const byName = useMemo(() => new Map(parameters.map((p) => [p.name, p])), [parameters]);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));

  useEffect(() => {
    fetchParameters().then(setParameters, (error: Error) => showError(error.message));
  }, []);

  function changeSelection(next: Selection) {
    setSelection(next);
    // Another model, fuel type or years offer other variants: a chosen one may no longer fit.
    if (next.model?.model_id !== selection.model?.model_id || next.fuelType !== selection.fuelType || next.years.join() !== selection.years.join()) {
      setColumns((all) => all.map((c) => ({ ...c, variantId: null, variant: '' })));
    }
  }

  function onDragEnd({ active: dragged, over }: DragEndEvent) {
    const from = dragged.data.current as DragData | undefined;
    const to = over?.data.current as DragData | undefined;
    if (!from || !to || to.kind === 'param' || from.kind === 'column') return;
    const target = columns.find((c) => c.key === to.key);
    const index = to.kind === 'slot' ? target?.slots.findIndex((s) => s.name === to.name) : undefined;
    const result = from.kind === 'param' ? dropParameter(columns, to.key, from.name, index) : moveSlot(columns, from.key, from.name, to.key, index);
    if ('error' in result) showError(result.error);
    else setColumns(result.columns);
  }

  /** Back to the form as opened; returns what it then holds. */
  function reset(): string {
    apply(null);
    return entered(initial.selection, initial.columns);
  }

  async function submit() {
    const found = selectionErrors(selection);
    const problems = columnErrors(columns);
    setErrors(found);
    setColumnProblems(problems);
    if (Object.keys(found).length || problems.size) return focusFirstInvalid(() => document.querySelector('main'));
    setSaving(true);
    try {
      const rows = rowsOf(selection, columns);
      const result = edit ? await updateVariantData(edit.variant.srNo, rows[0]) : await submitVariantData(rows);
      setSavedFor(selection);
      setKept(result.status === 201 ? reset() : entered(selection, columns));
      setConfirmation(result.detail);
    } catch (error) {
      showError(`Error: ${(error as Error).message}`);
    } finally {
      setSaving(false);
    }
  }

  const toList = (s: Selection) => navigate('/car-variant-list', { state: { selection: s } satisfies ListState });

  function saved(parameter: VariantParameter) {
    setParameters((all) => [...all.filter((p) => p._id !== parameter._id), parameter].sort((a, b) => a.name.localeCompare(b.name)));
  }

  return (
    <main className="page variant-page">
      <div className="variant-title">
        <h1>{edit ? 'Edit Car Variant' : 'Add Car Variant'}</h1>
        <Button onPress={() => confirmLeave() && toList(selection)}>Variant List</Button>
      </div>
      {/* A restored draft since submitted (or entered back to the form as opened) holds nothing to discard. */}
      <DraftBar notice={draft.unsaved || draft.notice === 'offered' || draft.notice === 'elsewhere' ? draft.notice : null} onRestore={draft.restore} onDiscard={draft.discard} record="variant" form="variant form" />
      <CatalogueFilters selection={selection} onChange={changeSelection} errors={errors} fuelAs="radio" {...catalogue} />
      <DndContext sensors={sensors} collisionDetection={closestCorners} onDragEnd={onDragEnd} accessibility={{ announcements }}>
        <div className="variant-builder">
          <div className="variant-columns">
            {columns.map((column, index) => (
              <VariantColumn
                key={column.key}
                column={column}
                index={index}
                families={families}
                parameters={byName}
                error={columnProblems.get(column.key)}
                onChange={(update) => setColumns(update)}
                onRemove={index === 0 ? undefined : () => setColumns((all) => all.filter((c) => c.key !== column.key))}
              />
            ))}
          </div>
          <aside className="parameter-panel" aria-label="Parameters">
            <h2>Parameters</h2>
            <Button onPress={() => setPopup({ editing: null })}>Add Parameter..</Button>
            <ul>
              {active.map((p) => (
                <PanelParameter key={p._id} parameter={p} onEdit={() => setPopup({ editing: p })} />
              ))}
            </ul>
          </aside>
        </div>
      </DndContext>
      <div className="variant-actions">
        {!edit && <Button onPress={() => setColumns((all) => [...all, newColumn()])}>Add Variant</Button>}
        <Button onPress={reset}>Reset</Button>
        <Button onPress={() => void submit()} isDisabled={saving}>
          Submit
        </Button>
      </div>
      {popup && <ParameterPopup editing={popup.editing} onSaved={saved} onClose={() => setPopup(null)} />}
      {confirmation && (
        <Modal isOpen isDismissable onOpenChange={(open) => !open && setConfirmation(null)} className="modal">
          <Dialog aria-label="Variant data saved" className="popup">
            <p role="status">{confirmation}</p>
            <div className="popup-buttons">
              <Button onPress={() => toList(savedFor ?? selection)}>Go to Variant List</Button>
              <Button onPress={() => setConfirmation(null)}>Close</Button>
            </div>
          </Dialog>
        </Modal>
      )}
    </main>
  );
}
