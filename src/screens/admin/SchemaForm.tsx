import { useState, type ReactNode } from 'react';
import Form from '@rjsf/core';
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { plainSchemaFailure, titlesOf } from '../../engine/validation-text.ts';
import './admin.css';

interface Props<T> {
  schema: object;
  uiSchema?: UiSchema<T>;
  formData: T;
  onChange: (data: T) => void;
  onSubmit: (data: T) => void;
  /** Rules between fields: each answer is a field and the spec's message for it. */
  check?: (data: T) => [keyof T & string, string][];
  /** The spec's message for a required field left empty. */
  requiredMessages?: Record<string, string>;
  disabled?: boolean;
  children?: ReactNode;
}

/**
 * An admin form generated from its JSON Schema (src/config/admin-forms.json, the schema the server checks the body
 * against) with @rjsf/core. The app's Content-Security-Policy allows no `eval`, so ajv cannot compile schemas in the
 * browser: rjsf's own validation is off (`noValidate`) and the spec's rules run here, their messages shown under each
 * field through `extraErrors`. Then each text's schema length and pattern, in the words the server would use (a
 * form with files checks them before the upload, not after it).
 */
interface TextRule {
  type?: unknown;
  maxLength?: unknown;
  pattern?: unknown;
}

/** Each text field breaking its schema's maxLength or pattern, with the server's sentence for it (validation-text.ts). */
export function schemaProblems(schema: object, data: object): [string, string][] {
  const properties = (schema as { properties?: Record<string, TextRule> }).properties ?? {};
  const titleOf = titlesOf(schema);
  const problems: [string, string][] = [];
  for (const [field, rule] of Object.entries(properties)) {
    const value = Object.hasOwn(data, field) ? (data as Record<string, unknown>)[field] : undefined;
    if (rule.type !== 'string' || typeof value !== 'string' || value === '') continue;
    // ajv counts characters as code points, as [...value] does.
    const message =
      typeof rule.maxLength === 'number' && [...value].length > rule.maxLength ? `must NOT have more than ${rule.maxLength} characters`
        : typeof rule.pattern === 'string' && !new RegExp(rule.pattern, 'u').test(value) ? `must match pattern "${rule.pattern}"`
          : null;
    if (message) problems.push([field, plainSchemaFailure({ instancePath: `/${field}`, message }, titleOf)]);
  }
  return problems;
}

export function SchemaForm<T extends object>({ schema, uiSchema, formData, onChange, onSubmit, check, requiredMessages = {}, disabled, children }: Props<T>) {
  const [errors, setErrors] = useState<ErrorSchema<T> | undefined>(undefined);
  const required = ((schema as { required?: string[] }).required ?? []).filter((field) => Object.hasOwn(requiredMessages, field));

  function submit(data: T) {
    const found = new Map<string, string[]>();
    const add = (field: string, message: string) => found.set(field, [...(found.get(field) ?? []), message]);
    for (const field of required) {
      const value = (data as Record<string, unknown>)[field];
      if (value === undefined || value === null || String(value).trim() === '') add(field, requiredMessages[field]);
    }
    for (const [field, message] of check?.(data) ?? []) if (!found.get(field)?.includes(message)) add(field, message);
    if (!found.size) for (const [field, message] of schemaProblems(schema, data)) add(field, message);
    if (found.size) {
      setErrors(Object.fromEntries([...found].map(([field, list]) => [field, { __errors: list }])) as ErrorSchema<T>);
      return;
    }
    setErrors(undefined);
    onSubmit(data);
  }

  return (
    <Form<T>
      className="admin-form"
      schema={schema as RJSFSchema}
      uiSchema={uiSchema}
      formData={formData}
      validator={validator}
      noValidate
      noHtml5Validate
      showErrorList={false}
      extraErrors={errors}
      disabled={disabled}
      onChange={(e) => onChange(e.formData as T)}
      onSubmit={(e) => submit(e.formData as T)}
    >
      {children}
    </Form>
  );
}
