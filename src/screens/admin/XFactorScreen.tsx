import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { focusFirstInvalid } from '../../components/focus-invalid.ts';
import { Button } from 'react-aria-components/Button';
import { Dialog, Heading } from 'react-aria-components/Dialog';
import { Modal } from 'react-aria-components/Modal';
import dayjs from 'dayjs';
import { fetchXFactors, fetchXFactorStores, updateXFactor, uploadXFactorCsv, type UploadResult, type XFactorFilters, type XFactorRow, type XFactorStore } from '../../api/admin.ts';
import { readSession } from '../../api/session.ts';
import { showError, showSuccess } from '../../components/toast.ts';
import { useBusyAction } from './useBusyAction.ts';
import { SelectField } from '../../components/SelectField.tsx';
import { checkXFactorCsv, parseXFactor } from '../../products/admin/admin-csv.ts';
import { Loading } from '../../components/Loading.tsx';
import './admin.css';

/** The list refreshes 1 s after an upload (spec 002 §9). */
export const REFRESH_AFTER_UPLOAD_MS = 1000;

const ALL = 'all';

function UpdatePopup({ row, store, onClose, onSaved }: { row: XFactorRow; store?: XFactorStore; onClose: () => void; onSaved: () => void }) {
  const [slot, setSlot] = useState<string | null>(null);
  const [factor, setFactor] = useState('');
  const [errors, setErrors] = useState<{ slot?: string; factor?: string }>({});
  const factorError = useId();
  const dialog = useRef<HTMLElement>(null);
  const { busy, run } = useBusyAction();

  async function save() {
    const found = { slot: slot ? undefined : 'Slot is required', factor: factor.trim() ? undefined : 'X factor is required' };
    if (!found.factor && parseXFactor(factor.trim()) === null) found.factor = 'X factor must be a number from 0 to 10 with at most two decimals';
    setErrors(found);
    if (found.slot || found.factor) return focusFirstInvalid(() => dialog.current);
    await run(async () => {
      await updateXFactor(row.id, { slotTime: slot!, xFactor: Number(factor), updatedBy: readSession()?.email ?? '' });
      showSuccess('X factor updated');
      onSaved();
    });
  }

  return (
    <Modal isOpen isDismissable={!busy} onOpenChange={(open) => !open && onClose()} className="modal">
      <Dialog ref={dialog} aria-label="Update X factor" className="popup">
        <Heading slot="title">
          Update X factor: {row.storeName}, {row.date}
        </Heading>
        <SelectField
          label="Slot"
          placeholder="Select Slot"
          options={(store?.slots.length ? store.slots : Object.keys(row.slotXFactor)).map((s) => ({ id: s, label: row.slotXFactor[s] === undefined ? s : `${s} (now ${row.slotXFactor[s]})` }))}
          value={slot}
          onChange={(s) => setSlot(s === null ? null : String(s))}
          error={errors.slot}
        />
        <label className="file-field">
          X factor
          <input inputMode="decimal" value={factor} onChange={(e) => setFactor(e.target.value)} aria-invalid={errors.factor ? true : undefined} aria-describedby={errors.factor ? factorError : undefined} />
        </label>
        {errors.factor && (
          <span className="error field-error" id={factorError}>
            {errors.factor}
          </span>
        )}
        <div className="popup-buttons">
          <Button onPress={onClose} isDisabled={busy}>
            Cancel
          </Button>
          <Button onPress={() => void save()} isDisabled={busy}>
            Update
          </Button>
        </div>
      </Dialog>
    </Modal>
  );
}

/** /admin: store cancellation X factor per store, date and slot, single update and CSV upload (spec 002 §2). */
export default function XFactorScreen() {
  const [stores, setStores] = useState<XFactorStore[]>([]);
  const [filters, setFilters] = useState<XFactorFilters>({});
  const [rows, setRows] = useState<XFactorRow[] | null>(null);
  const [editing, setEditing] = useState<XFactorRow | null>(null);
  const [upload, setUpload] = useState<UploadResult | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const refreshTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const load = useCallback(async (f: XFactorFilters) => {
    try {
      setRows(await fetchXFactors(f));
    } catch (error) {
      setRows([]);
      showError((error as Error).message);
    }
  }, []);

  useEffect(() => {
    fetchXFactorStores(readSession()?.role ?? '').then(setStores, () => setStores([]));
    return () => clearTimeout(refreshTimer.current);
  }, []);
  useEffect(() => {
    void load(filters);
  }, [filters, load]);

  async function chooseCsv(file: File | undefined) {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    setUpload(null);
    const check = checkXFactorCsv(await file.text());
    if (check.fileError) {
      showError(check.fileError);
      return;
    }
    // The first bad row's message at once; the server checks the file again and applies the valid rows.
    if (check.errors.length) showError(`Row ${check.errors[0].row}: ${check.errors[0].message}`);
    try {
      const result = await uploadXFactorCsv(file, readSession()?.email ?? '');
      setUpload(result);
      if (!result.errorRows) showSuccess(result.message);
      clearTimeout(refreshTimer.current);
      refreshTimer.current = setTimeout(() => void load(filters), REFRESH_AFTER_UPLOAD_MS);
    } catch (error) {
      showError((error as Error).message || 'Something went wrong!');
    }
  }

  const slotOptions = [...new Set((filters.storeId ? stores.filter((s) => s.location_id === filters.storeId) : stores).flatMap((s) => s.slots))].sort();
  return (
    <main className="page">
      <h1>Store Cancellation X Factor</h1>
      <div className="filters">
        <SelectField
          label="Store Name"
          placeholder="All stores"
          options={[{ id: ALL, label: 'All stores' }, ...stores.map((s) => ({ id: s.location_id, label: s.name }))]}
          value={filters.storeId ?? ALL}
          onChange={(id) => setFilters((f) => ({ ...f, storeId: id === ALL || id === null ? undefined : Number(id) }))}
        />
        <label className="file-field">
          Date
          <input type="date" value={filters.date ?? ''} onChange={(e) => setFilters((f) => ({ ...f, date: e.target.value || undefined }))} />
        </label>
        <SelectField
          label="Slot"
          placeholder="All slots"
          options={[{ id: ALL, label: 'All slots' }, ...slotOptions.map((s) => ({ id: s, label: s }))]}
          value={filters.slotTime ?? ALL}
          onChange={(s) => setFilters((f) => ({ ...f, slotTime: s === ALL || s === null ? undefined : String(s) }))}
        />
        <label className="file-field">
          Upload CSV
          <input ref={fileInput} type="file" accept="text/csv" onChange={(e) => void chooseCsv(e.target.files?.[0])} />
        </label>
      </div>
      {upload && upload.errorRows > 0 && (
        <section className="upload-errors" aria-label="Upload result">
          <p>{upload.message}</p>
          <ul>
            {upload.errors.map((e) => (
              <li key={`${e.row}-${e.message}`}>
                Row {e.row}: {e.message}
              </li>
            ))}
          </ul>
        </section>
      )}
      {rows === null ? (
        <Loading className="muted" />
      ) : rows.length === 0 ? (
        <p className="list-status">No data found!</p>
      ) : (
        <table className="xfactor-table">
          <thead>
            <tr>
              {['Store Id', 'Store Name', 'Date', 'Slot - X factor', 'Updated By', 'Updated At', 'Action'].map((h) => (
                <th scope="col" key={h}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td>{row.storeId}</td>
                <td>{row.storeName}</td>
                <td>{row.date}</td>
                <td>
                  <ul className="slot-list">
                    {Object.entries(row.slotXFactor)
                      .sort(([a], [b]) => a.localeCompare(b))
                      .map(([slot, factor]) => (
                        <li key={slot}>
                          {slot} - {factor}
                        </li>
                      ))}
                  </ul>
                </td>
                <td>{row.updatedBy}</td>
                <td>{dayjs(row.updatedAt).format('DD-MM-YYYY HH:mm')}</td>
                <td>
                  <Button aria-label={`Update ${row.storeName} ${row.date}`} onPress={() => setEditing(row)}>
                    Update
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {editing && (
        <UpdatePopup
          row={editing}
          store={stores.find((s) => s.location_id === editing.storeId)}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void load(filters);
          }}
        />
      )}
    </main>
  );
}
