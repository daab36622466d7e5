import type { FormInstance } from 'antd';
import type { Schema } from 'yup';
import type { CodedMessage } from '@stakedesk/shared/i18n/catalogue';
import { validateCoded } from '@stakedesk/shared/validate';
import { ApiError } from '../../lib/api-client.js';
import { fieldMessagesOf } from '../../i18n/server-messages.js';

type Localize = (message: CodedMessage | string) => string;

/** The form's fields in the order they are drawn, by dotted path ("socialLinks.telegram"). */
const registeredPaths = (form: FormInstance) => form.getFieldsError().map(({ name }) => name.join('.'));

/** Puts field messages on the form's fields; answers the first such field (in the form's order) and its message. */
function showFieldErrors(
  form: FormInstance,
  errors: Record<string, CodedMessage | string>,
  localize: Localize,
): { path: string; message: string } | undefined {
  const fields = registeredPaths(form)
    .filter((path) => path in errors)
    .map((path) => ({ name: path.split('.'), errors: [localize(errors[path]!)] }));
  form.setFields(fields);
  const first = fields[0];
  return first && { path: first.name.join('.'), message: first.errors[0]! };
}

/** Brings the first field that shows an error into view and puts the cursor in it. */
export function focusFirstError(form: FormInstance): void {
  const first = form.getFieldsError().find(({ errors }) => errors.length > 0);
  if (first) form.scrollToField(first.name, { behavior: 'smooth', block: 'center', focus: true });
}

/** Why a form was not sent: the first invalid field's message (it is focused), for the toast. */
export type Refusal = { message: string };

/**
 * Checks the form's values with the same shared schema the server applies; on failure the
 * messages land on their fields, the first of them is focused, and `onRefused` hears why.
 */
export function checkWithSchema<T>(
  form: FormInstance,
  schema: Schema<T>,
  values: unknown,
  localize: Localize,
  onRefused?: (refusal: Refusal) => void,
): T | undefined {
  const result = validateCoded(schema, values);
  if (result.ok) return result.value;
  const first = showFieldErrors(form, result.errors, localize);
  focusFirstError(form);
  if (first) onRefused?.({ message: first.message });
  return undefined;
}

/**
 * For a form's onValuesChange: a changed field that shows an error is checked again with the schema,
 * so its message goes as soon as the value is valid (or says what is wrong now). Fields without an
 * error are left alone while the operator types, and so are errors on fields that did not change.
 */
export function recheckShownErrors(
  form: FormInstance,
  changed: Record<string, unknown>,
  schema: Schema<unknown>,
  values: unknown,
  localize: Localize,
): void {
  const shown = form.getFieldsError().filter(({ name, errors }) => errors.length > 0 && String(name[0]) in changed);
  if (shown.length === 0) return;
  const result = validateCoded(schema, values);
  const now: Record<string, CodedMessage> = result.ok ? {} : result.errors;
  form.setFields(
    shown.map(({ name }) => {
      const message = now[name.join('.')];
      return { name, errors: message ? [localize(message)] : [] };
    }),
  );
}

/** A refusal from the server: its field messages go on the form (by code), the first focused; the message is for the toast. */
export function serverRefusal(form: FormInstance, error: unknown, localize: (error: unknown) => string): string {
  if (error instanceof ApiError) {
    const fieldErrors = fieldMessagesOf(error);
    if (fieldErrors && showFieldErrors(form, fieldErrors, localize)) focusFirstError(form);
    return localize(error);
  }
  return localize(error);
}
