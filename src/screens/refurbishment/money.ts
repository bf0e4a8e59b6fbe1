const RUPEES = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });

/** An amount sent as text: digits, optionally grouped with commas and with a decimal part ('14650', '7,200', '1,23,456.50'). */
const AMOUNT_TEXT = /^\d+(,\d+)*(\.\d+)?$/;

/**
 * Indian rupees with Indian digit grouping: 123456 → '₹1,23,456'; no amount → '-'. Another backend may send the
 * amount as numeric text, which is read as the number it writes.
 */
export function rupees(amount: number | string | null | undefined): string {
  const value = typeof amount === 'string' && AMOUNT_TEXT.test(amount.trim()) ? Number(amount.trim().replace(/,/g, '')) : amount;
  return typeof value === 'number' && Number.isFinite(value) ? RUPEES.format(value) : '-';
}
