import type { ReactNode } from 'react';
import Form from '@rjsf/core';
import type { ErrorTransformer, FormValidation, RJSFSchema, UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
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
 * An admin form generated from its JSON Schema (src/config/admin-forms.json, the schema the server checks too) with
 * @rjsf/core: the browser's own validation is off so every message is the spec's, shown under its field.
 */
export function SchemaForm<T extends object>({ schema, uiSchema, formData, onChange, onSubmit, check, requiredMessages = {}, disabled, children }: Props<T>) {
  const transformErrors: ErrorTransformer = (errors) =>
    errors.map((e) => {
      const missing = (e.params as { missingProperty?: string } | undefined)?.missingProperty;
      return e.name === 'required' && missing && Object.hasOwn(requiredMessages, missing) ? { ...e, message: requiredMessages[missing] } : e;
    });
  const customValidate = (data: T | undefined, errors: FormValidation<T>) => {
    for (const [field, message] of check?.(data ?? ({} as T)) ?? []) {
      (errors as Record<string, { addError: (m: string) => void }>)[field]?.addError(message);
    }
    return errors;
  };
  return (
    <Form<T>
      className="admin-form"
      schema={schema as RJSFSchema}
      uiSchema={uiSchema}
      formData={formData}
      validator={validator}
      noHtml5Validate
      showErrorList={false}
      disabled={disabled}
      transformErrors={transformErrors}
      customValidate={customValidate}
      onChange={(e) => onChange(e.formData as T)}
      onSubmit={(e) => onSubmit(e.formData as T)}
    >
      {children}
    </Form>
  );
}
