import { useEffect, useState } from 'react';
import { Button } from 'react-aria-components/Button';
import { Input } from 'react-aria-components/Input';
import { Label } from 'react-aria-components/Label';
import { SearchField } from 'react-aria-components/SearchField';
import { Text } from 'react-aria-components/Text';
import type { Assignee, CityStores } from '../../api/main.ts';
import listConfig from '../../config/inspection-list.json';
import { SelectField } from '../../components/SelectField.tsx';
import { assigneeOptions, centreOptions, cityOptions, keepCentres } from './filters.ts';
import { useLatest } from '../../components/useLatest.ts';

export interface FilterValues {
  appointmentId: string;
  cityIds: number[];
  storeIds: number[];
  category: string | null;
  assignTo: string | null;
}

export const NO_FILTERS: FilterValues = { appointmentId: '', cityIds: [], storeIds: [], category: null, assignTo: null };

interface Props {
  value: FilterValues;
  onChange: (next: FilterValues) => void;
  onReset: () => void;
  cities: CityStores[];
  assignees: Assignee[];
  user: { email: string; isExcludedUser: boolean };
}

/** Search and filters of the car list (spec 000 §2): Appointment ID, City, Center, Category, Assignee, Reset. */
export function InspectionFilters({ value, onChange, onReset, cities, assignees, user }: Props) {
  const set = (patch: Partial<FilterValues>) => onChange({ ...value, ...patch });
  const [text, setText] = useState(value.appointmentId);
  // A pause in typing searches too: no Enter needed.
  const typed = text.trim();
  const latest = useLatest({ value, onChange });
  useEffect(() => {
    if (typed === latest().value.appointmentId) return;
    const timer = setTimeout(() => {
      const now = latest();
      now.onChange({ ...now.value, appointmentId: typed });
    }, listConfig.searchDebounceMs);
    return () => clearTimeout(timer);
  }, [typed, latest]);
  return (
    <div className="filters" role="search" aria-label="Inspection filters">
      <SearchField
        value={text}
        onChange={setText}
        // Enter searches at once; blank input clears the search rather than asking for ''.
        onSubmit={(typed) => set({ appointmentId: typed.trim() })}
        onClear={() => set({ appointmentId: '' })}
        className="search-field"
      >
        <Label>Appointment ID</Label>
        <div className="search-input">
          <Input placeholder="Search Appointment ID" />
          <Button aria-label="Clear search" className="search-clear">✕</Button>
        </div>
        <Text slot="description" className="muted">
          Searches as you type; Enter searches at once
        </Text>
      </SearchField>
      <SelectField
        label="City"
        selectionMode="multiple"
        options={cityOptions(cities)}
        value={value.cityIds}
        onChange={(keys) => {
          const cityIds = keys.map(Number);
          set({ cityIds, storeIds: keepCentres(cities, cityIds, value.storeIds) });
        }}
      />
      <SelectField
        label="Center"
        selectionMode="multiple"
        options={centreOptions(cities, value.cityIds)}
        isDisabled={value.cityIds.length === 0}
        value={value.storeIds}
        onChange={(keys) => set({ storeIds: keys.map(Number) })}
      />
      <SelectField
        label="Category"
        options={listConfig.categories.map((name) => ({ id: name, label: name }))}
        value={value.category}
        onChange={(key) => set({ category: key === null ? null : String(key) })}
      />
      <SelectField
        label="Assignee"
        options={assigneeOptions(assignees, user)}
        value={value.assignTo}
        onChange={(key) => set({ assignTo: key === null ? null : String(key) })}
      />
      <Button onPress={onReset}>Reset</Button>
    </div>
  );
}
