import type { Assignee, CityStores } from '../../api/main.ts';
import type { Option } from '../../components/SelectField.tsx';

/** Centres offered are those of the chosen cities (spec 000 §2). */
export function centreOptions(cities: CityStores[], chosenCityIds: number[]): Option[] {
  return cities
    .filter((city) => chosenCityIds.includes(city.city_id))
    .flatMap((city) => city.locations.map((location) => ({ id: location.location_id, label: location.name })));
}

/** Non-excluded users see only the assignee entry matching their own e-mail; excluded users see all (spec 000 §2, §6). */
export function assigneeOptions(assignees: Assignee[], user: { email: string; isExcludedUser: boolean }): Option[] {
  return assignees
    .filter((assignee) => user.isExcludedUser || assignee.email === user.email)
    .map((assignee) => ({ id: assignee.email, label: assignee.name }));
}
