/**
 * The naive baseline the engine benchmark compares against (issue 3): the same pure steps as the engine (rows.ts,
 * edit.ts, effects.ts) with no dependency index: every edit re-runs every rule (through json-logic-js's
 * interpreter, or the compiled rules with `interpreted: false`) and recomputes every row. It gives the same model
 * as `engine.apply` (tests/engine/incremental.test.ts), so the figures compare like with like.
 */
import type { ReviewConfig } from '../src/engine/config.ts';
import { appendEdit, effectiveValue, isChanged, reduceRow } from '../src/engine/edit.ts';
import { createEffects, recordView, type RuleData } from '../src/engine/effects.ts';
import type { InspectionDocument, RegistrySources } from '../src/engine/inspection.ts';
import { compileLogic, runLogic, truthy } from '../src/engine/logic.ts';
import { createEngine } from '../src/engine/model.ts';
import { indexRules } from '../src/engine/rule-index.ts';
import { createRowBuilder } from '../src/engine/rows.ts';
import type { Edit, EvaluateOptions, ReviewModel, RowState, Tab } from '../src/engine/types.ts';

export interface NaiveState {
  model: ReviewModel;
  pre: Record<string, RowState>;
  data: RuleData;
}

export function createNaiveEngine(config: ReviewConfig) {
  const engine = createEngine(config);
  const index = indexRules(config);
  const builder = createRowBuilder(config);
  const effects = createEffects(config, index, builder.resolveOptions);
  const dataKeys = new Set(config.rows.map((r) => r.key));

  // The engine's compiled rules read its slot arrays; these read the record form of the data.
  const compiled = index.rules.map((r) => compileLogic(r.when));
  const run = (data: RuleData, interpreted: boolean) => index.rules.map((r, i) => truthy(interpreted ? runLogic(r.when, data) : compiled[i](data)));

  function fold(model: ReviewModel, pre: Record<string, RowState>, data: RuleData, interpreted: boolean): ReviewModel {
    const results = run(data, interpreted);
    const view = recordView(data);
    const rows = Object.fromEntries(model.order.map((k) => [k, effects.computeRow(pre[k], results, view, model.registry)]));
    const errorsCount: Record<Tab, number> = Object.fromEntries(config.product.tabs.map((t) => [t, 0]));
    for (const k of model.order) if (rows[k].isVisible && rows[k].checked) errorsCount[rows[k].tab]++;
    return { ...model, rows, errorsCount };
  }

  return {
    evaluate(inspection: InspectionDocument, registry: RegistrySources | null, options: EvaluateOptions): NaiveState {
      const model = engine.evaluate(inspection, [], registry, options);
      const built = builder.buildRows(inspection, model.context!);
      const pre = Object.fromEntries(built.order.map((k, i) => [k, built.rows[i]]));
      const keys = [...dataKeys].filter((k) => pre[k]);
      const data: RuleData = {
        ...Object.fromEntries(keys.map((k) => [k, effectiveValue(pre[k])])),
        checked: Object.fromEntries(keys.map((k) => [k, false])),
        changed: Object.fromEntries(keys.map((k) => [k, false])),
        seq: Object.fromEntries(keys.filter((k) => index.seqRows.has(k)).map((k) => [k, 0])),
        ctx: model.context!,
      };
      return { model, pre, data };
    },
    apply(state: NaiveState, edit: Edit, interpreted = true): NaiveState {
      const { model, pre } = state;
      if (engine.refusal(model, edit) !== null) return state;
      const { edits, seq } = appendEdit(model.edits, edit);
      const reduced = reduceRow(pre[edit.key], engine.rowConfig(edit.key), edit, seq);
      const nextPre = { ...pre, [edit.key]: reduced };
      let data = state.data;
      if (dataKeys.has(edit.key)) {
        const k = edit.key;
        data = {
          ...data,
          [k]: effectiveValue(reduced),
          checked: { ...data.checked, [k]: Boolean(reduced.userChecked) },
          changed: { ...data.changed, [k]: isChanged(reduced) },
          seq: index.seqRows.has(k) ? { ...data.seq, [k]: reduced.editSeq ?? 0 } : data.seq,
        };
      }
      const next = fold({ ...model, edits }, nextPre, data, interpreted);
      return { model: next, pre: nextPre, data };
    },
  };
}
