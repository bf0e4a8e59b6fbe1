import { CalendarDate } from '@internationalized/date';
import { DateField, DateInput as AriaDateInput, DateSegment, I18nProvider } from 'react-aria-components';

/** Car dates are stored DD-MM-YYYY (spec 000 §5); anything else reads as no date. */
export function parseStoredDate(value: string | number | null | undefined): CalendarDate | null {
  const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(String(value ?? ''));
  if (!match) return null;
  const [, day, month, year] = match.map(Number);
  const date = new CalendarDate(year, month, day);
  // CalendarDate constrains out-of-range parts (31-02 → 28-02): such input is not a date.
  return date.day === day && date.month === month ? date : null;
}

export function formatStoredDate(date: CalendarDate): string {
  return `${String(date.day).padStart(2, '0')}-${String(date.month).padStart(2, '0')}-${date.year}`;
}

interface Props {
  label: string;
  value: string | number | null | undefined;
  isDisabled?: boolean;
  onChange: (stored: string | null) => void;
}

/** A date entered and shown as dd/MM/yyyy (en-GB segments), handed on as DD-MM-YYYY. */
export function DateInput({ label, value, isDisabled, onChange }: Props) {
  return (
    <I18nProvider locale="en-GB">
      <DateField
        aria-label={label}
        value={parseStoredDate(value)}
        isDisabled={isDisabled}
        onChange={(date) => onChange(date ? formatStoredDate(new CalendarDate(date.year, date.month, date.day)) : null)}
        className="date-field"
      >
        <AriaDateInput>{(segment) => <DateSegment segment={segment} />}</AriaDateInput>
      </DateField>
    </I18nProvider>
  );
}
