const RUPEES = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });

/** Indian rupees with Indian digit grouping: 123456 → '₹1,23,456'; no amount → '-'. */
export function rupees(amount: number | null | undefined): string {
  return typeof amount === 'number' && Number.isFinite(amount) ? RUPEES.format(amount) : '-';
}
