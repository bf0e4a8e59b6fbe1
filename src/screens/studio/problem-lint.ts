/**
 * The checks the JSON Schema cannot make (buildConfig's semantic checks: unknown row, unknown operator, a rule
 * reading a field nobody has) and the server's findings, shown in the editor at their JSON path beside the schema
 * linter's marks. The studio hands the current problems in with `setProblems`; positions come from the document.
 */
import { forceLinting, linter, type Diagnostic } from '@codemirror/lint';
import { StateEffect, StateField, type EditorState } from '@codemirror/state';
import { jsonLanguage } from '@codemirror/lang-json';
import type { EditorView } from '@codemirror/view';

export interface PathProblem {
  /** JSON pointer, possibly followed by a json-logic path (`/rules/3/when.and[1]`). */
  path: string;
  message: string;
}

const setProblems = StateEffect.define<readonly PathProblem[]>();

const problemsField = StateField.define<readonly PathProblem[]>({
  create: () => [],
  update: (value, tr) => tr.effects.reduce((v, e) => (e.is(setProblems) ? e.value : v), value),
});

/** The parts of a problem path: a JSON pointer, then a json-logic path (`/rules/3/when.and[1].var` → rules 3 when and 1 var). */
function pathParts(path: string): string[] {
  const dot = path.indexOf('.');
  const pointer = dot < 0 ? path : path.slice(0, dot);
  const logic = dot < 0 ? '' : path.slice(dot);
  const parts = pointer
    .split('/')
    .filter(Boolean)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  for (const m of logic.matchAll(/\.([^.[\]]+)|\[(\d+)\]/g)) parts.push(m[1] ?? m[2]);
  return parts;
}

type SyntaxNode = ReturnType<typeof jsonLanguage.parser.parse>['topNode'];

const PUNCTUATION = new Set(['{', '}', '[', ']', ',', ':', '⚠']);

/** The value nodes of an Array, or the Property nodes of an Object, in document order. */
function children(node: SyntaxNode, name?: string): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  for (let c = node.firstChild; c; c = c.nextSibling) if (name ? c.name === name : !PUNCTUATION.has(c.name)) out.push(c);
  return out;
}

/** A Property's name as the document spells it, unquoted. */
function propertyName(state: EditorState, property: SyntaxNode): string | null {
  const name = property.getChild('PropertyName');
  if (!name) return null;
  try {
    return JSON.parse(state.doc.sliceString(name.from, name.to)) as string;
  } catch {
    return null;
  }
}

/** The value node of a Property (after its ':'). */
const propertyValue = (property: SyntaxNode) => (property.lastChild && property.lastChild.name !== 'PropertyName' ? property.lastChild : null);

/** A marked node: a property's value with its key (`"var": "x"`), or an array element alone. */
interface Found {
  node: SyntaxNode;
  from: number;
}

/** The nodes along `parts` as far as the document has them (the root value first). */
function walk(state: EditorState, root: SyntaxNode, parts: readonly string[]): Found[] {
  const found: Found[] = [{ node: root, from: root.from }];
  for (const part of parts) {
    const { node } = found[found.length - 1];
    if (node.name === 'Object') {
      const property = children(node, 'Property').find((p) => propertyName(state, p) === part);
      const value = property && propertyValue(property);
      if (!property || !value) break;
      found.push({ node: value, from: property.from });
    } else if (node.name === 'Array' && /^\d+$/.test(part)) {
      const item = children(node)[Number(part)];
      if (!item) break;
      found.push({ node: item, from: item.from });
    } else break;
  }
  return found;
}

/** The `{"var": name}` (or `{"var": [name, default]}`) property reading `variable` inside `node`, if any. */
function varReading(state: EditorState, node: SyntaxNode, variable: string): SyntaxNode | null {
  if (node.name === 'Property' && propertyName(state, node) === 'var') {
    const value = propertyValue(node);
    const named = value?.name === 'Array' ? children(value)[0] : value;
    if (named?.name === 'String' && JSON.parse(state.doc.sliceString(named.from, named.to)) === variable) return node;
  }
  for (const child of children(node)) {
    const hit = varReading(state, child, variable);
    if (hit) return hit;
  }
  return null;
}

/**
 * The range a problem marks: the whole value at its path (the unknown operator's expression, the rule's `var`, the
 * rule missing a field), with the property's key when the value is one; a rule reading an unknown variable marks that
 * variable's `var`. Past what the document has, the deepest part it has; a path the document lacks entirely marks
 * its first character, the document itself (`/`) its first line.
 */
export function problemRange(state: EditorState, problem: PathProblem): { from: number; to: number } {
  const root = jsonLanguage.parser.parse(state.doc.toString()).topNode.firstChild;
  const fallback = { from: 0, to: Math.min(1, state.doc.length) };
  if (!root) return fallback;
  const parts = pathParts(problem.path);
  const found = walk(state, root, parts);
  // Nothing of the path, or the whole document: its first line, not every line of it.
  if (found.length === 1) return parts.length ? fallback : { from: root.from, to: Math.min(root.to, state.doc.lineAt(root.from).to) };
  const { node, from } = found[found.length - 1];
  const variable = /^refers to "([^"]+)"/.exec(problem.message)?.[1];
  const reading = variable === undefined ? null : varReading(state, node, variable);
  return reading ? { from: reading.from, to: reading.to } : { from, to: node.to };
}

function diagnostics(state: EditorState): Diagnostic[] {
  const problems = state.field(problemsField);
  return problems.map((p) => ({ ...problemRange(state, p), severity: 'error', source: 'config check', message: p.message }));
}

/** The editor extension: marks every problem handed in with `setProblems`, re-marked as soon as they change. */
export const problemLint = [
  problemsField,
  linter((view) => diagnostics(view.state), {
    delay: 50,
    needsRefresh: (update) => update.transactions.some((tr) => tr.effects.some((e) => e.is(setProblems))),
  }),
];

/**
 * Hands the studio's current problems to the editor and marks them at once, not a linter delay later: the marks stay
 * in step with the Problems list, and F8 (next problem) right after a check finds them.
 */
export function showProblems(view: EditorView, problems: readonly PathProblem[]): void {
  view.dispatch({ effects: setProblems.of(problems) });
  forceLinting(view);
}
