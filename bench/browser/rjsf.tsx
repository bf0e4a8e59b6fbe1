/**
 * Bench page, the baseline: a plain @rjsf/core form (its default theme, ajv8 validator) with one field per row of
 * the synthetic 500-row car config, same widget mix (text, select → enum, multi-select → checkboxes), controlled
 * through formData as a product form would be.
 */
import { useLayoutEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import Form from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { getProduct } from '../../src/products/registry.ts';
import { createEngine } from '../../src/engine/model.ts';
import { generateInspection } from '../../src/engine/generate.ts';
import { installProbe } from './probe.ts';
import { syntheticConfig } from './synthetic.ts';

const FIELDS = 500;
const probe = installProbe();
const config = syntheticConfig(getProduct('car').config, FIELDS);
const model = createEngine(config).evaluate(generateInspection(config));

const properties: Record<string, RJSFSchema> = {};
const uiSchema: UiSchema = {};
const initial: Record<string, unknown> = {};
for (const key of model.order) {
  if (Object.keys(properties).length === FIELDS) break;
  const row = model.rows[key];
  if (row.kind === 'image') continue;
  const name = key.replace(/[^A-Za-z0-9_]/g, '_');
  if (row.widget === 'multiselect' && row.options?.length) {
    properties[name] = { type: 'array', title: row.text, items: { type: 'string', enum: row.options }, uniqueItems: true };
    uiSchema[name] = { 'ui:widget': 'checkboxes' };
    initial[name] = row.values ?? [];
  } else if (row.widget === 'select' && row.options?.length) {
    properties[name] = { type: 'string', title: row.text, enum: [...new Set(row.options)] };
    initial[name] = row.options.includes(String(row.value)) ? row.value : undefined;
  } else {
    properties[name] = { type: 'string', title: row.text, maxLength: row.maxLength ?? 30 };
    initial[name] = row.value === null ? undefined : String(row.value).slice(0, 20);
  }
}
for (let i = Object.keys(properties).length; i < FIELDS; i++) properties[`extra${i}`] = { type: 'string', title: `Extra ${i}` };
const schema: RJSFSchema = { type: 'object', properties };

function App() {
  const [formData, setFormData] = useState<Record<string, unknown>>(initial);
  useLayoutEffect(() => probe.markCommit(), [formData]);
  return (
    <div data-rows={FIELDS}>
      <Form schema={schema} uiSchema={uiSchema} validator={validator} formData={formData} onChange={(e) => setFormData(e.formData as Record<string, unknown>)} />
    </div>
  );
}

createRoot(document.getElementById('root')!).render(<App />);
requestAnimationFrame(() => setTimeout(() => (probe.ready = true)));
