/** Rank with its English ordinal suffix: 1st, 2nd, 3rd, 4th … 11th, 12th, 13th, 21st (spec 000 §2 performance panel). */
export function ordinal(rank: number): string {
  const lastTwo = rank % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${rank}th`;
  const suffix = { 1: 'st', 2: 'nd', 3: 'rd' }[rank % 10] ?? 'th';
  return `${rank}${suffix}`;
}
