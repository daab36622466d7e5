import fc from 'fast-check';
import { object, string } from 'yup';
import type { AnySchema } from 'yup';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.js';
import { paramsSchemaOf } from './route-params.js';
import * as schemas from './schemas.js';
import { ROOT_ERROR_KEY, validate, validateCoded } from './validate.js';
import { msg } from './i18n/catalogue.js';

const allSchemas = Object.entries(schemas).filter(([name]) => name.endsWith('Schema')) as Array<[string, AnySchema]>;

/** Shapes of yup's built-in messages, which every field replaces with its own. */
const YUP_DEFAULT_MESSAGE = /cannot be null|must be a `|is a required field|is invalid|must be one of|^this /;

const anyInput = fc.anything({
  maxDepth: 3,
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withNullPrototype: true,
  withObjectString: true,
  withSparseArray: true,
  withTypedArray: true,
  withUnicodeString: true,
  key: fc.oneof(
    fc.string(),
    fc.constantFrom(
      '__proto__',
      'constructor',
      'prototype',
      'toString',
      'valueOf',
      'hasOwnProperty',
      '${path}',
      'name',
      'id',
      'amount',
      'status',
      'txId',
    ),
  ),
});

describe('validate', () => {
  it('covers every exported schema', () => {
    expect(allSchemas.length).toBeGreaterThanOrEqual(13);
  });

  it.each(allSchemas)('never throws for any input (%s)', (_name, schema) => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const result = validate(schema, input);
        if (!result.ok) {
          expect(Object.keys(result.errors).length).toBeGreaterThan(0);
          for (const message of Object.values(result.errors)) expect(typeof message).toBe('string');
          // the catch-all answer would mean yup itself crashed on this input
          expect(Object.values(result.errors)).not.toContain(MESSAGES.invalidRequest);
          for (const message of Object.values(result.errors)) expect(message).not.toMatch(YUP_DEFAULT_MESSAGE);
        }
      }),
      { numRuns: 300 },
    );
  });

  it.each(allSchemas)('never throws for objects of the right keys holding anything (%s)', (_name, schema) => {
    const keys = Object.keys((schema as unknown as { fields: object }).fields);
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...keys), anyInput), (input) => {
        const result = validate(schema, input);
        if (result.ok) return;
        expect(Object.values(result.errors)).not.toContain(MESSAGES.invalidRequest);
        for (const message of Object.values(result.errors)) expect(message).not.toMatch(YUP_DEFAULT_MESSAGE);
      }),
      { numRuns: 300 },
    );
  });

  it('survives huge values', () => {
    const huge = 'x'.repeat(5_000_000);
    const many = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, i]));
    for (const [, schema] of allSchemas) {
      expect(validate(schema, { name: huge, amount: huge, id: huge, walletAddress: huge }).ok).toBe(false);
      const result = validate(schema, many);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(Object.keys(result.errors).length).toBeLessThanOrEqual(40);
    }
  });

  it('reports errors about the whole input under the root key', () => {
    expect(validate(schemas.planSchema, 'plan')).toEqual({
      ok: false,
      errors: { [ROOT_ERROR_KEY]: 'Request body must be a JSON object' },
    });
  });

  it('keeps only the first message of each field', () => {
    const schema = object({
      a: string().required(msg('usernameRequired')).min(5, msg('passwordTooShort')),
      b: string().min(5, msg('planNameRequired')).matches(/z/, msg('tokenNameRequired')),
    });
    expect(validate(schema, { a: '', b: 'yyy' })).toEqual({
      ok: false,
      errors: { a: MESSAGES.usernameRequired, b: MESSAGES.planNameRequired },
    });
    expect(validateCoded(schema, { a: '', b: 'yyy' })).toEqual({
      ok: false,
      errors: { a: { code: 'usernameRequired' }, b: { code: 'planNameRequired' } },
    });
  });

  it('does not interpolate ${...} in unknown keys', () => {
    expect(validate(paramsSchemaOf('GET /api/admin/audits/:id'), { id: '1', '${value}': 1 })).toEqual({
      ok: false,
      errors: { '${value}': 'Unknown field: ${value}' },
    });
  });

  it('answers the cast value on success', () => {
    const result = validate(schemas.paginationSchema, { limit: '20' });
    expect(result).toEqual({ ok: true, value: { limit: 20, offset: 0 } });
    if (result.ok) {
      const limit: number = result.value.limit;
      expect(limit).toBe(20);
    }
  });
});
