/**
 * Widget choice by ranked pure testers (JSON Forms' `rankWith`): each tester scores a row's config and recorded
 * state; the highest score wins. Testable without a DOM; screens only map the chosen Widget to a component.
 */
import type { RowConfig } from './config.ts';
import type { Widget } from './types.ts';

/** What a tester sees: the row config and whether the reviewer may edit the value. */
export interface WidgetSubject {
  config: RowConfig;
  isEditable: boolean;
}

export type Tester = (s: WidgetSubject) => number;

const NOT_APPLICABLE = -1;

/** A tester scoring `rank` when every predicate holds. */
export function rankWith(rank: number, ...predicates: ((s: WidgetSubject) => boolean)[]): Tester {
  return (s) => (predicates.every((p) => p(s)) ? rank : NOT_APPLICABLE);
}

const inputIs = (type: string) => (s: WidgetSubject) => s.config.input?.type === type;
const kindIs = (kind: string) => (s: WidgetSubject) => (s.config.kind ?? 'field') === kind;
const notEditable = (s: WidgetSubject) => !s.isEditable || s.config.input?.type === 'readonly' || s.config.input === undefined;

/** Ranked testers, highest first wins; ties go to the earlier entry. */
export const WIDGET_TESTERS: readonly { widget: Widget; tester: Tester }[] = [
  { widget: 'image', tester: rankWith(100, kindIs('image')) },
  { widget: 'audioRemark', tester: rankWith(90, inputIs('audio')) },
  { widget: 'multiselect', tester: rankWith(60, kindIs('comments')) },
  { widget: 'readonly', tester: rankWith(50, notEditable) },
  { widget: 'multiselect', tester: rankWith(20, inputIs('multiselect')) },
  { widget: 'select', tester: rankWith(20, inputIs('select')) },
  { widget: 'date', tester: rankWith(20, inputIs('date')) },
  { widget: 'numeric', tester: rankWith(20, inputIs('numeric')) },
  { widget: 'text', tester: rankWith(10, inputIs('text')) },
  { widget: 'readonly', tester: rankWith(0, () => true) },
];

/** The widget for a row: the highest-ranked tester's. */
export function pickWidget(subject: WidgetSubject): Widget {
  let best: Widget = 'readonly';
  let bestRank = NOT_APPLICABLE;
  for (const { widget, tester } of WIDGET_TESTERS) {
    const r = tester(subject);
    if (r > bestRank) {
      best = widget;
      bestRank = r;
    }
  }
  return best;
}

/**
 * Whether typed text is acceptable for a row's input (spec 000 §5): numeric rows take digits only; every text
 * input stops at its maximum length (text 30, numeric 10, no-claim-bonus percent 2; the registration number takes the
 * text default, so its rule can say 'Registration No should be 11 character long').
 */
export function acceptsInput(row: { widget: Widget; maxLength?: number }, text: string): boolean {
  if (row.maxLength !== undefined && text.length > row.maxLength) return false;
  if (row.widget === 'numeric') return /^\d*$/.test(text);
  return true;
}
