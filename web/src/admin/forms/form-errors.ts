import type { FormInstance } from 'antd';
import type { Schema } from 'yup';
import { validate } from '@stakedesk/shared/validate';
import { ApiError } from '../../lib/api-client.js';

/** Puts field messages ("socialLinks.telegram": "...") on the form's fields; answers whether any fit a field. */
function showFieldErrors(form: FormInstance, errors: Record<string, string>, localize: (message: string) => string): boolean {
  const registered = new Set(form.getFieldsError().map(({ name }) => name.join('.')));
  const fields = Object.entries(errors)
    .filter(([path]) => registered.has(path))
    .map(([path, message]) => ({ name: path.split('.'), errors: [localize(message)] }));
  form.setFields(fields);
  return fields.length > 0;
}

/**
 * Checks the form's values with the same shared schema the server applies; on failure the
 * messages land on their fields and the answer is undefined.
 */
export function checkWithSchema<T>(
  form: FormInstance,
  schema: Schema<T>,
  values: unknown,
  localize: (message: string) => string,
): T | undefined {
  const result = validate(schema, values);
  if (result.ok) return result.value;
  showFieldErrors(form, result.errors, localize);
  return undefined;
}

/** A refusal from the server: its field messages go on the form; the message is for the toast. */
export function serverRefusal(form: FormInstance, error: unknown, localize: (message: string) => string): string {
  if (error instanceof ApiError) {
    const fieldErrors = (error.body as { errors?: Record<string, string> } | undefined)?.errors;
    if (fieldErrors) showFieldErrors(form, fieldErrors, localize);
    return localize(error.message);
  }
  return error instanceof Error ? error.message : String(error);
}
