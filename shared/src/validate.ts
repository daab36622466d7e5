/** Runs a schema on untrusted input and answers field errors instead of throwing. */

import { ValidationError } from 'yup';
import type { ValidateOptions } from 'yup';
import { MESSAGES } from './messages.js';

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; errors: Record<string, string> };

/** Key of an error about the input as a whole (not a field), e.g. a body that is not an object. */
export const ROOT_ERROR_KEY = '_root';

type SyncSchema<T> = { validateSync(value: unknown, options?: ValidateOptions<object>): T };

/**
 * Synchronous. On success, value is the cast input (trimmed, converted, defaults applied). On failure,
 * errors holds the first message for each field path ("socialLinks.discord"), ROOT_ERROR_KEY for the
 * input as a whole. Never throws.
 */
export function validate<T>(schema: SyncSchema<T>, input: unknown): ValidationResult<T> {
  try {
    return { ok: true, value: schema.validateSync(input, { abortEarly: false, stripUnknown: false }) };
  } catch (error) {
    return { ok: false, errors: fieldErrors(error) };
  }
}

function fieldErrors(error: unknown): Record<string, string> {
  const messages = new Map<string, string>();
  if (error instanceof ValidationError) {
    for (const inner of error.inner.length > 0 ? error.inner : [error]) {
      const path = inner.path || ROOT_ERROR_KEY;
      const message = inner.errors[0] ?? inner.message;
      if (!messages.has(path) && typeof message === 'string') messages.set(path, message);
    }
  }
  if (messages.size === 0) messages.set(ROOT_ERROR_KEY, MESSAGES.invalidRequest);
  // fromEntries defines own properties, so a "__proto__" path stays an ordinary key.
  return Object.fromEntries(messages);
}
