/** Question sequence rules (spec 002 §5 'Sequence dialog'), kept apart from the dialog so they test without a DOM. */

/** How long '{n} is already added' shows (spec 002 §9). */
export const DUPLICATE_MS = 1500;

export type Numbers = ReadonlyMap<string, number>;

/** Gives `name` the number `n`, unless another parameter has it: then the answer is the spec's message. */
export function assignNumber(numbers: Numbers, name: string, n: number): { numbers: Numbers } | { error: string } {
  for (const [other, taken] of numbers) if (other !== name && taken === n) return { error: `${n} is already added` };
  const next = new Map(numbers);
  next.set(name, n);
  return { numbers: next };
}

/** 'Required' for each parameter without a number. */
export function missingNumbers(names: readonly string[], numbers: Numbers): Map<string, string> {
  return new Map(names.filter((name) => !numbers.has(name)).map((name) => [name, 'Required']));
}
