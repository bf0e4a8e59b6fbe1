import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useVirtualizer } from '@tanstack/react-virtual';
import dayjs from 'dayjs';
import { Button, Input, Label, SearchField } from 'react-aria-components';
import type { InspectionListRow } from '../../engine/inspection.ts';
import listConfig from '../../config/inspection-list.json';
import { assignToMe, fetchAssignees, fetchLocationStore, type Assignee, type CityStores } from '../../api/main.ts';
import { SelectField } from '../../components/SelectField.tsx';
import { assigneeOptions, centreOptions } from './filters.ts';
import { showError } from '../../app/toast.ts';
import { useSession } from '../../app/useSession.ts';
import { isUnderProcess, timerColour, UNDER_PROCESS_ALERT } from './timer.ts';
import { useInspectionPages } from './useInspectionPages.ts';

const ROW_HEIGHT = 44;
const QC_ROLES = ['qc', 'StoreManager-Qc', 'SM-QcAdmin'];

/** /inspection: the reviewer's queue, virtualized, loading 50 more as the end scrolls into view (spec 000 §2). */
export function InspectionListScreen() {
  const session = useSession();
  const navigate = useNavigate();
  const [appointmentId, setAppointmentId] = useState('');
  const [cityIds, setCityIds] = useState<number[]>([]);
  const [storeIds, setStoreIds] = useState<number[]>([]);
  const [category, setCategory] = useState<string | null>(null);
  const [assignTo, setAssignTo] = useState<string | null>(null);
  const [cities, setCities] = useState<CityStores[]>([]);
  const [assignees, setAssignees] = useState<Assignee[]>([]);
  useEffect(() => {
    // Lookup failures leave the filter empty rather than block the list (spec 000 §8).
    fetchLocationStore().then(setCities, () => undefined);
    fetchAssignees().then(setAssignees, () => undefined);
  }, []);
  const filters = useMemo(
    () => ({
      user: session?.email ?? '',
      appointmentId: appointmentId || undefined,
      storeCityId: cityIds,
      storeId: storeIds,
      category: category ? [category] : [],
      assignTo: assignTo ?? undefined,
    }),
    [session?.email, appointmentId, cityIds, storeIds, category, assignTo],
  );
  const { rows, total, loading, error, hasMore, loadMore } = useInspectionPages(filters);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.length ? items[items.length - 1].index : -1;
  useEffect(() => {
    if (hasMore && lastIndex >= rows.length - 5) loadMore();
  }, [lastIndex, rows.length, hasMore, loadMore]);

  if (!session) return null;
  const canOpen = QC_ROLES.includes(session.role);

  const open = (row: InspectionListRow) => {
    if (isUnderProcess(row)) return window.alert(UNDER_PROCESS_ALERT);
    if (canOpen) navigate(`/review/${row.carId}`);
  };
  const assign = async (row: InspectionListRow) => {
    if (isUnderProcess(row)) return window.alert(UNDER_PROCESS_ALERT);
    try {
      await assignToMe(row.carId, session.email, session.role);
      navigate(`/review/${row.carId}`);
    } catch (e) {
      showError((e as Error).message);
    }
  };

  return (
    <main className="page list">
      <div className="filters">
        <SearchField aria-label="Appointment ID" onSubmit={setAppointmentId} onClear={() => setAppointmentId('')}>
          <Label>Appointment ID</Label>
          <Input placeholder="Search Appointment ID" />
        </SearchField>
        <SelectField
          label="City"
          selectionMode="multiple"
          options={cities.map((city) => ({ id: city.city_id, label: city.city_name }))}
          value={cityIds}
          onChange={(keys) => {
            setCityIds(keys.map(Number));
            setStoreIds([]);
          }}
        />
        <SelectField label="Center" selectionMode="multiple" options={centreOptions(cities, cityIds)} value={storeIds} onChange={(keys) => setStoreIds(keys.map(Number))} />
        <SelectField
          label="Category"
          options={listConfig.categories.map((name) => ({ id: name, label: name }))}
          value={category}
          onChange={(key) => setCategory(key === null ? null : String(key))}
        />
        <SelectField label="Assignee" options={assigneeOptions(assignees, session)} value={assignTo} onChange={(key) => setAssignTo(key === null ? null : String(key))} />
        <Button onPress={() => setTimeout(() => window.location.reload(), listConfig.resetReloadMs)}>Reset</Button>
      </div>
      {error ? (
        <div role="alert" className="error-panel">
          <strong>Oops!</strong> {error}
        </div>
      ) : (
        <div className="table" role="table" aria-label="Inspections" aria-rowcount={total}>
          <div className="tr th" role="row">
            <span role="columnheader" className="dot-col" aria-label="Timer" />
            <span role="columnheader">Appt ID ({total})</span>
            <span role="columnheader">Category</span>
            <span role="columnheader">Inspection End Time</span>
            <span role="columnheader">Car</span>
            <span role="columnheader">Centre</span>
            <span role="columnheader">Assignee</span>
          </div>
          <div ref={scrollRef} className="tbody" data-testid="inspection-scroll">
            <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
              {items.map((item) => {
                const row = rows[item.index];
                const age = dayjs().diff(dayjs(row.inspectionEndTime), 'minute');
                return (
                  <div
                    key={row.carId}
                    role="row"
                    className="tr"
                    data-appointment={row.appointmentId}
                    style={{ position: 'absolute', top: 0, left: 0, right: 0, height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
                    onClick={() => open(row)}
                  >
                    <span role="cell" className="dot-col"><i className={`dot ${timerColour(age)}`} title={`${age} min`} /></span>
                    <span role="cell">{row.appointmentId}</span>
                    <span role="cell">{row.category}</span>
                    <span role="cell">{dayjs(row.inspectionEndTime).format('DD-MM-YYYY HH:mm')}</span>
                    <span role="cell">{row.make} {row.model}</span>
                    <span role="cell">{row.storeName}</span>
                    <span role="cell" onClick={(e) => e.stopPropagation()}>
                      {row.qcAssign.to ?? <Button onPress={() => assign(row)}>Assign to me</Button>}
                    </span>
                  </div>
                );
              })}
            </div>
            {loading && <p className="muted">Loading...</p>}
            {!loading && rows.length === 0 && <p className="muted">No Appointment Data</p>}
          </div>
        </div>
      )}
    </main>
  );
}
