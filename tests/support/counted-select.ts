/**
 * The real SelectField with its renders counted: a screen test mocks the module with `countedSelectField` and reads
 * `selectRenders.count` to check that something (a clock's tick) does not render the filters again.
 *
 *   vi.mock('…/src/components/SelectField.tsx', async (original) => (await import('…/support/counted-select.ts')).countedSelectField(original));
 */
import type * as SelectFieldModule from '../../src/components/SelectField.tsx';

export const selectRenders = { count: 0 };

export async function countedSelectField(importOriginal: () => Promise<typeof SelectFieldModule>): Promise<typeof SelectFieldModule> {
  const real = await importOriginal();
  return {
    ...real,
    SelectField: (props: Parameters<typeof real.SelectField>[0]) => {
      selectRenders.count += 1;
      return real.SelectField(props);
    },
  };
}
