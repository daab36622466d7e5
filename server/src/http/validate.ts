import type { Schema } from 'yup';
import { validate } from '@stakedesk/shared/validate';
import { badRequest } from './errors.js';

/** Validates untrusted input against a shared schema; throws a 400 with every field message. */
export function parse<T>(schema: Schema<T>, input: unknown): T {
  const result = validate(schema, input);
  if (!result.ok) {
    const messages = Object.values(result.errors);
    throw badRequest(messages.length === 1 ? messages[0]! : 'Some fields are invalid', result.errors);
  }
  return result.value;
}
