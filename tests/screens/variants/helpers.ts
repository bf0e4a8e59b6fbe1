import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';

type User = ReturnType<typeof userEvent.setup>;

/** Picks `option` in the react-aria select labelled `label` (its button reads '<value> <label>'). */
export async function pick(user: User, label: string, option: string | string[]) {
  await user.click(screen.getByRole('button', { name: new RegExp(`${label}$`) }));
  for (const o of Array.isArray(option) ? option : [option]) await user.click(await screen.findByRole('option', { name: o }));
  if (Array.isArray(option)) await user.keyboard('{Escape}');
}

/** Catalogue lookups the variant screens make: one make, one model, its variants of 2019–2020. */
export const MAKES = [{ make_id: 1, make_name: 'Maruti Suzuki' }];
export const MODELS = [{ model_id: 201, model_name: 'Swift' }];
export const VARIANT_YEARS = [2019, 2020].flatMap((year) => [
  { variant_id: year === 2019 ? 5001 : 5002, variant_parent_id: year === 2019 ? null : 5001, variant_name: 'LXI 1.2', variant_status: 'Active', fuel_type: 'Petrol', year },
  { variant_id: year === 2019 ? 5010 : 5011, variant_parent_id: year === 2019 ? null : 5010, variant_name: 'VXI 1.2 AT', variant_status: 'Active', fuel_type: 'Petrol', year },
  { variant_id: year === 2019 ? 5020 : 5021, variant_parent_id: year === 2019 ? null : 5020, variant_name: 'LDI 1.5 D', variant_status: 'Active', fuel_type: 'Diesel', year },
]);

export function lookup(config: InternalAxiosRequestConfig): { status: number; data: unknown } | undefined {
  if (config.url === 'make') return { status: 200, data: { detail: MAKES } };
  if (config.url === 'make/1') return { status: 200, data: { detail: MODELS } };
  if (config.url === 'variant-year') return { status: 200, data: { detail: VARIANT_YEARS } };
  return undefined;
}

/** Chooses Maruti Suzuki, Swift, 2019 and (on the list) Petrol. */
export async function chooseSwift(user: User, fuel: 'select' | 'radio') {
  await pick(user, 'Make', 'Maruti Suzuki');
  await pick(user, 'Model', 'Swift');
  await pick(user, 'Manufacturing Years', ['2019']);
  if (fuel === 'select') await pick(user, 'Fuel Type', 'Petrol');
  else await user.click(screen.getByRole('radio', { name: 'Petrol' }));
}
