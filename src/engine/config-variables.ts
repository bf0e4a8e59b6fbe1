/**
 * What each json-logic expression of a review config may read, checked at load: a `var` naming nothing the engine
 * hands that expression reads as null, so a misspelt name (`insurenceType`) made its rule silently never fire. The
 * names mirror the data the engine builds for each place: rules (rule-index.ts `slotResolver`), validations
 * (submission.ts `validateBeforeSubmit`), image drops (rows.ts), the submission header and declared context.
 */
import { rowOfVariable, usesData, type Logic } from './logic.ts';
import type { RowState } from './types.ts';

/** Context values every evaluation has (types.ts EvalContext, rows.ts `contextOf`); a product may declare others. */
export const BUILT_IN_CONTEXT: ReadonlySet<string> = new Set(['version', 'hasWorkflowId', 'tenant', 'qcAudit', 'role', 'duplicateKeyConfig', 'today']);

/** A row's state as a validation reads it (`row.*`, `rows.K.*`): every field of RowState (the type keeps this complete). */
const ROW_STATE_FIELDS = {
  key: 1, text: 1, section: 1, tab: 1, mapper: 1, part: 1, path: 1, subPart: 1, widget: 1, options: 1, maxLength: 1, value: 1, id: 1,
  newValue: 1, newId: 1, checked: 1, isVisible: 1, isDisabled: 1, isEditable: 1, commentFlag: 1, newRtoCode: 1, isImportant: 1,
  isValid: 1, errorMsg: 1, remark: 1, parentField: 1, dependentFields: 1, notes: 1, kind: 1, userChecked: 1, editSeq: 1, values: 1,
  newValues: 1, addedByQc: 1, removedByQc: 1, image: 1, isMaskedByQc: 1, isVerified: 1, isFlagged: 1, remarkHistory: 1, prevValue: 1,
  vaahanFlag: 1, registryValue: 1, smsValue: 1, dataSource: 1, upperCase: 1, exclusiveOptions: 1, additionalInfo: 1, canUpload: 1, lookup: 1,
} satisfies Record<keyof RowState, 1>;

/** What a row-scope validation adds to the row's state as `row` (submission.ts `rowData`). */
export const ROW_EXTRAS = ['hasRemark', 'hasImage', 'hasNewValue', 'effectiveValue'] as const;
/** The top-level names a form-scope validation reads, besides `ctx` (submission.ts). */
export const FORM_VARIABLES = ['isDummy', 'issueType', 'hasIssueType', 'hasRejections'] as const;
/** The top-level names a row-scope validation reads, besides `ctx` (submission.ts). */
export const ROW_VARIABLES = ['row', 'rows', 'isDummy'] as const;

const ROW_FIELDS: ReadonlySet<string> = new Set([...Object.keys(ROW_STATE_FIELDS), ...ROW_EXTRAS]);
const STATE_FIELDS: ReadonlySet<string> = new Set(Object.keys(ROW_STATE_FIELDS));

/** Where an expression sits, which decides the data it is run on. */
export type LogicPlace = 'rule' | 'rowValidation' | 'formValidation' | 'imageDrop' | 'submissionHeader' | 'context';

/** What a config declares that its expressions may name: its row keys and its context values. */
export interface Names {
  rows: ReadonlySet<string>;
  context: ReadonlySet<string>;
}

const isCtx = (parts: readonly string[], names: Names) => parts[0] === 'ctx' && (parts.length === 1 || BUILT_IN_CONTEXT.has(parts[1]) || names.context.has(parts[1]));

/** True when a dotted `var` path names data the engine gives an expression at `place` (a path past it walks into a value). */
function reads(place: LogicPlace, parts: readonly string[], names: Names): boolean {
  const [head, second, third] = parts;
  // `{"var": ""}` is the whole data.
  if (head === '') return true;
  switch (place) {
    case 'rule': {
      const row = rowOfVariable(parts.join('.'));
      return row === null ? isCtx(parts, names) : names.rows.has(row);
    }
    case 'rowValidation':
      if (head === 'row') return second === undefined || ROW_FIELDS.has(second);
      if (head === 'rows') return second === undefined || (names.rows.has(second) && (third === undefined || STATE_FIELDS.has(third)));
      return isCtx(parts, names) || (ROW_VARIABLES as readonly string[]).includes(head);
    case 'formValidation':
      return isCtx(parts, names) || (FORM_VARIABLES as readonly string[]).includes(head);
    case 'imageDrop':
      return isCtx(parts, names);
    case 'submissionHeader':
      return head === 'inspection';
    case 'context':
      return head === 'inspection' || head === 'registry';
    default: {
      const never: never = place;
      throw new Error(`unknown place ${String(never)}`);
    }
  }
}

/** What an expression at `place` may read, in words, for the finding. */
const READABLE: Record<LogicPlace, string> = {
  rule: 'a row key (or checked.K, changed.K, seq.K) or ctx.<name>',
  rowValidation: 'row.<field>, rows.<row key>.<field>, ctx.<name> or isDummy',
  formValidation: `${FORM_VARIABLES.join(', ')} or ctx.<name>`,
  imageDrop: 'ctx.<name>',
  submissionHeader: 'inspection.<field>',
  context: 'inspection.<field> or registry.<field>',
};

/**
 * The first variable `logic` reads that names nothing at `place`, as a finding ('refers to "insurenceType", which is
 * not a field of this product'); null when every variable names something.
 */
export function unknownVariable(logic: Logic, place: LogicPlace, names: Names): string | null {
  const variable = usesData(logic).find((v) => !reads(place, v.split('.'), names));
  if (variable === undefined) return null;
  const parts = variable.split('.');
  if (parts[0] === 'ctx') {
    const declared = [...BUILT_IN_CONTEXT, ...names.context].map((n) => `ctx.${n}`).join(', ');
    return `refers to "${variable}", which is not a context value of this product (${declared})`;
  }
  const rowNamed = place === 'rule' || (parts[0] === 'rows' && !names.rows.has(parts[1]));
  if (rowNamed) return `refers to "${variable}", which is not a field of this product`;
  return `refers to "${variable}", which this expression cannot read (it reads ${READABLE[place]})`;
}
