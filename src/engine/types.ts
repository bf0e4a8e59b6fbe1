/** Public model types of the engine: what screens render and what the submission is built from. */
import type { SectionKey } from './inspection.ts';

export type Tab = 'Documents' | 'EXTERIOR' | 'INTERIOR' | 'SUMMARY';
export const TABS: readonly Tab[] = ['Documents', 'EXTERIOR', 'INTERIOR', 'SUMMARY'];

export type Scalar = string | number | null;

export type Widget = 'text' | 'numeric' | 'select' | 'multiselect' | 'date' | 'readonly';

/** One checkable row as the reviewer sees it (spec 000 §3 'Checkable row'). */
export interface RowState {
  key: string;
  text: string;
  section: SectionKey;
  tab: Tab;
  /** Submission group (spec 000 §3 'Mapper groups'). */
  mapper: string;
  /** Top-level form key in the section, and the sub-part key when the row is a sub-part. */
  part: string;
  subPart?: string;
  widget: Widget;
  options?: string[];
  maxLength?: number;
  value: Scalar;
  id?: Scalar;
  newValue?: Scalar;
  newId?: Scalar;
  checked: boolean;
  isVisible: boolean;
  isDisabled: boolean;
  /** From commentFlag: 0 or 2 → false. */
  isEditable: boolean;
  isImportant?: boolean;
  isValid: boolean;
  errorMsg: string;
  /** Rejection remark the reviewer added in this review (latest), if any. */
  remark?: string;
  parentField?: string;
  dependentFields: string[];
  /** Notes and warnings the config attaches (e.g. 'QC Audit Required'). */
  notes?: string[];
}

export interface ReviewModel {
  rows: Record<string, RowState>;
  /** Row keys in display order. */
  order: string[];
  /** Count of marked errors per tab. */
  errorsCount: Record<Tab, number>;
}

export type Edit =
  | { type: 'check'; key: string; checked: boolean }
  | { type: 'setValue'; key: string; value: Scalar; id?: Scalar }
  | { type: 'remark'; key: string; remark: string };
