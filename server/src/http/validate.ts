import type { Schema } from 'yup';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import { validateCoded } from '@stakedesk/shared/validate';
import { badRequest } from '../errors.js';

/** Validates untrusted input against a shared schema; throws a 400 with every field message. */
export function parse<T>(schema: Schema<T>, input: unknown): T {
  const result = validateCoded(schema, input);
  if (!result.ok) {
    const messages = Object.values(result.errors);
    throw badRequest(messages.length === 1 ? messages[0]! : msg('validationFailed'), result.errors);
  }
  return result.value;
}
