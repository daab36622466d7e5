/** Runs a schema on untrusted input and answers field errors instead of throwing. */

import { ValidationError } from 'yup';
import type { ValidateOptions } from 'yup';
import { english, isCodedMessage, msg, type CodedMessage } from './i18n/catalogue.js';

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; errors: Record<string, string> };
/** The same, with each field's message by code (for the server's answer and for translation). */
export type CodedValidationResult<T> = { ok: true; value: T } | { ok: false; errors: Record<string, CodedMessage> };

/** Key of an error about the input as a whole (not a field), e.g. a body that is not an object. */
export const ROOT_ERROR_KEY = '_root';

type SyncSchema<T> = { validateSync(value: unknown, options?: ValidateOptions<object>): T };

/**
 * Synchronous. On success, value is the cast input (trimmed, converted, defaults applied). On failure,
 * errors holds the first message for each field path ("socialLinks.discord"), ROOT_ERROR_KEY for the
 * input as a whole. Never throws.
 */
export function validateCoded<T>(schema: SyncSchema<T>, input: unknown): CodedValidationResult<T> {
  try {
    return { ok: true, value: schema.validateSync(input, { abortEarly: false, stripUnknown: false }) };
  } catch (error) {
    return { ok: false, errors: fieldErrors(error) };
  }
}

/** validateCoded with the messages in English. */
export function validate<T>(schema: SyncSchema<T>, input: unknown): ValidationResult<T> {
  const result = validateCoded(schema, input);
  return result.ok ? result : { ok: false, errors: englishTexts(result.errors) };
}

/** The English text of each coded message, by the same keys. */
export function englishTexts(messages: Record<string, CodedMessage>): Record<string, string> {
  return Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, english(message)]));
}

/** The schemas' messages are coded (msg()); anything else yup says is reported as an invalid request. */
function fieldErrors(error: unknown): Record<string, CodedMessage> {
  const messages = new Map<string, CodedMessage>();
  if (error instanceof ValidationError) {
    for (const inner of error.inner.length > 0 ? error.inner : [error]) {
      const path = inner.path || ROOT_ERROR_KEY;
      const message: unknown = inner.errors[0];
      if (!messages.has(path) && isCodedMessage(message)) messages.set(path, message);
    }
  }
  if (messages.size === 0) messages.set(ROOT_ERROR_KEY, msg('invalidRequest'));
  // fromEntries defines own properties, so a "__proto__" path stays an ordinary key.
  return Object.fromEntries(messages);
}
