import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { InspectionListRow } from '../../products/car/inspection.ts';
import listConfig from '../../config/inspection-list.json';
import { assignToMe, fetchAssignees, fetchInspectionList, fetchLocationStore, fetchSleepTime, PAGE_SIZE, type Assignee, type CityStores, type ListFilters } from '../../api/main.ts';
import { browserLocation } from '../../api/location.ts';
import { subscribeAutoAssignment } from '../../api/live.ts';
import type { LoginData } from '../../api/session.ts';
import { assignmentMachine, showsAssignToMe, type AssignRequest } from '../../machines/assignment.machine.ts';
import { canAccess } from '../../session/access.ts';
import { showError } from '../../components/toast.ts';
import { useSession } from '../../session/useSession.ts';
import { InspectionFilters, NO_FILTERS, type FilterValues } from './InspectionFilters.tsx';
import { InspectionTable } from './InspectionTable.tsx';
import { readStored, STORED_ASSIGNEE, STORED_CATEGORY, writeStored } from './filters.ts';
import { usePages, type PagesOptions } from '../../components/usePages.ts';
import { useLatest } from '../../components/useLatest.ts';

/** The list's pages of 50 (spec 000 §7); an ApiError's message is already plain words. */
const INSPECTION_PAGES: PagesOptions<Omit<ListFilters, 'page'>, InspectionListRow> = {
  fetchPage: (filters, page) => fetchInspectionList({ ...filters, page }),
  pageSize: PAGE_SIZE,
  rowKey: (row) => row.carId,
  errorText: (error) => (error as Error).message,
};

/** /inspection: the reviewer's queue (spec 000 §2 'Inspection list'). */
export function InspectionListScreen() {
  const session = useSession();
  return session ? <InspectionList session={session} /> : null;
}

function InspectionList({ session }: { session: LoginData }) {
  const navigate = useNavigate();
  const [filters, setFilters] = useState<FilterValues>(() => ({
    ...NO_FILTERS,
    category: readStored(STORED_CATEGORY),
    assignTo: readStored(STORED_ASSIGNEE),
  }));
  const [cities, setCities] = useState<CityStores[]>([]);
  const [assignees, setAssignees] = useState<Assignee[]>([]);
  const [sleepTime, setSleepTime] = useState<number | null>(null);

  useEffect(() => {
    // Lookup failures leave the filter empty rather than block the list (spec 000 §8).
    fetchLocationStore().then(setCities, () => undefined);
    fetchAssignees().then(setAssignees, () => undefined);
    fetchSleepTime().then(setSleepTime, () => undefined);
  }, []);

  const query = useMemo(
    () => ({
      user: session.email,
      appointmentId: filters.appointmentId || undefined,
      storeCityId: filters.cityIds,
      storeId: filters.storeIds,
      category: filters.category ? [filters.category] : [],
      assignTo: filters.assignTo ?? undefined,
    }),
    [session.email, filters],
  );
  const { rows, total, loading, error, hasMore, loadMore, reload } = usePages(query, INSPECTION_PAGES);

  // Live refresh: the user's auto-assignment record turning 'changed' reloads the list (spec 000 §4).
  useEffect(() => subscribeAutoAssignment(session.access_token, () => reload()), [session.access_token, reload]);

  const latest = useLatest(navigate);
  const latestReload = useLatest(reload);
  const [machine] = useState(() =>
    assignmentMachine.provide({
      actors: {
        assign: fromPromise<unknown, AssignRequest>(({ input }) => assignToMe(input.carId, input.user, input.role)),
      },
      actions: {
        showAlert: (_, { message }) => window.alert(message),
        showError: (_, { message }) => showError(message),
        openReview: (_, { carId }) => latest()(`/review/${carId}`),
        reload: () => browserLocation.reload(),
        refresh: () => latestReload()(),
      },
    }),
  );
  const assignment = useActorRef(machine, { input: { user: session.email, role: session.role, origin: 'list' } });
  const assigning = useSelector(assignment, (snapshot) => snapshot.hasTag('busy'));

  const canOpen = canAccess(session.role, '/review');
  const onOpen = useCallback(
    (row: InspectionListRow) => {
      if (canOpen) assignment.send({ type: 'OPEN', carId: row.carId, row });
    },
    [assignment, canOpen],
  );
  const onAssign = useCallback((row: InspectionListRow) => assignment.send({ type: 'ASSIGN', carId: row.carId, row }), [assignment]);

  const changeFilters = (next: FilterValues) => {
    writeStored(STORED_CATEGORY, next.category);
    writeStored(STORED_ASSIGNEE, next.assignTo);
    setFilters(next);
  };
  const reset = () => {
    changeFilters(NO_FILTERS);
    // Reset reloads the page after 1 second (spec 000 §2, §9).
    window.setTimeout(() => browserLocation.reload(), listConfig.resetReloadMs);
  };

  return (
    <main className="page list">
      {/* The page's name for assistive technology; the header's current link shows it on screen, and the work queue keeps the room. */}
      <h1 className="sr-only">Car QC</h1>
      <InspectionFilters value={filters} onChange={changeFilters} onReset={reset} cities={cities} assignees={assignees} user={session} />
      <InspectionTable
        rows={rows}
        total={total}
        loading={loading}
        error={error}
        hasMore={hasMore}
        onEndReached={loadMore}
        onOpen={onOpen}
        onAssign={onAssign}
        showAssign={showsAssignToMe({ flag: listConfig.assignToMeAlwaysShown, sleepTime, role: session.role })}
        assignDisabled={assigning}
      />
    </main>
  );
}

export default InspectionListScreen;
