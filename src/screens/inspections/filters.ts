import type { Assignee, CityStores } from '../../api/main.ts';
import type { Option } from '../../components/SelectField.tsx';

/** Cities as options of the City filter. */
export function cityOptions(cities: CityStores[]): Option[] {
  return cities.map((city) => ({ id: city.city_id, label: city.city_name }));
}

/** Centres offered are those of the chosen cities (spec 000 §2). */
export function centreOptions(cities: CityStores[], chosenCityIds: number[]): Option[] {
  return cities
    .filter((city) => chosenCityIds.includes(city.city_id))
    .flatMap((city) => city.locations.map((location) => ({ id: location.location_id, label: location.name })));
}

/** Chosen centres that still belong to a chosen city (dropping a city drops its centres). */
export function keepCentres(cities: CityStores[], chosenCityIds: number[], storeIds: number[]): number[] {
  const offered = new Set(centreOptions(cities, chosenCityIds).map((option) => option.id));
  return storeIds.filter((id) => offered.has(id));
}

/** Non-excluded users see only the assignee entry matching their own e-mail; excluded users see all (spec 000 §2, §6). */
export function assigneeOptions(assignees: Assignee[], user: { email: string; isExcludedUser: boolean }): Option[] {
  return assignees
    .filter((assignee) => user.isExcludedUser || assignee.email.toLowerCase() === user.email.toLowerCase())
    .map((assignee) => ({ id: assignee.email, label: assignee.name }));
}

/** Local storage keeps the chosen category and assignee (spec 000 §3 'Local storage keeps'). */
export const STORED_CATEGORY = 'category';
export const STORED_ASSIGNEE = 'assignee';

export function readStored(key: string): string | null {
  const value = localStorage.getItem(key);
  return value ? value : null;
}

export function writeStored(key: string, value: string | null): void {
  if (value) localStorage.setItem(key, value);
  else localStorage.removeItem(key);
}
