/**
 * The checks the JSON Schema cannot make (buildConfig's semantic checks: unknown row, unknown operator, a rule
 * reading a field nobody has) and the server's findings, shown in the editor at their JSON path beside the schema
 * linter's marks. The studio hands the current problems in with `setProblems`; positions come from the document.
 */
import { linter, type Diagnostic } from '@codemirror/lint';
import { StateEffect, StateField, type EditorState } from '@codemirror/state';
import { getJsonPointers } from 'codemirror-json-schema';

export interface PathProblem {
  /** JSON pointer, possibly followed by a json-logic path (`/rules/3/when.and[1]`). */
  path: string;
  message: string;
}

export const setProblems = StateEffect.define<readonly PathProblem[]>();

const problemsField = StateField.define<readonly PathProblem[]>({
  create: () => [],
  update: (value, tr) => tr.effects.reduce((v, e) => (e.is(setProblems) ? e.value : v), value),
});

/** The range of the deepest part of `path` the document has (a logic path inside a rule marks the rule's `when`). */
function rangeOf(state: EditorState, pointers: ReturnType<typeof getJsonPointers>, path: string): { from: number; to: number } {
  const parts = path.split('.')[0].split('/').filter(Boolean);
  for (let n = parts.length; n >= 0; n--) {
    const pointer = n === 0 ? '' : `/${parts.slice(0, n).join('/')}`;
    const hit = pointers.get(pointer);
    if (hit) return 'valueFrom' in hit ? { from: hit.keyFrom, to: Math.min(hit.valueTo, state.doc.lineAt(hit.keyFrom).to) } : { from: hit.keyFrom, to: hit.keyTo };
  }
  return { from: 0, to: Math.min(1, state.doc.length) };
}

function diagnostics(state: EditorState): Diagnostic[] {
  const problems = state.field(problemsField);
  if (!problems.length) return [];
  const pointers = getJsonPointers(state, 'json4');
  return problems.map((p) => ({ ...rangeOf(state, pointers, p.path), severity: 'error', source: 'config check', message: p.message }));
}

/** The editor extension: marks every problem handed in with `setProblems`, re-marked as soon as they change. */
export const problemLint = [
  problemsField,
  linter((view) => diagnostics(view.state), {
    delay: 50,
    needsRefresh: (update) => update.transactions.some((tr) => tr.effects.some((e) => e.is(setProblems))),
  }),
];
