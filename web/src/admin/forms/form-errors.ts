import type { FormInstance } from 'antd';
import type { Schema } from 'yup';
import type { CodedMessage } from '@stakedesk/shared/i18n/catalogue';
import { validateCoded } from '@stakedesk/shared/validate';
import { ApiError } from '../../lib/api-client.js';
import { fieldMessagesOf } from '../../i18n/server-messages.js';

type Localize = (message: CodedMessage | string) => string;

/** Puts field messages ("socialLinks.telegram": ...) on the form's fields; answers whether any fit a field. */
function showFieldErrors(form: FormInstance, errors: Record<string, CodedMessage | string>, localize: Localize): boolean {
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
export function checkWithSchema<T>(form: FormInstance, schema: Schema<T>, values: unknown, localize: Localize): T | undefined {
  const result = validateCoded(schema, values);
  if (result.ok) return result.value;
  showFieldErrors(form, result.errors, localize);
  return undefined;
}

/** A refusal from the server: its field messages go on the form (by code); the message is for the toast. */
export function serverRefusal(form: FormInstance, error: unknown, localize: (error: unknown) => string): string {
  if (error instanceof ApiError) {
    const fieldErrors = fieldMessagesOf(error);
    if (fieldErrors) showFieldErrors(form, fieldErrors, localize);
    return localize(error);
  }
  return error instanceof Error ? error.message : String(error);
}
