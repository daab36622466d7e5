import { describe, expect, it } from 'vitest';
import { paramsSchemaOf, paramsWithoutRule, pathParams } from './route-params.js';
import { validate } from './validate.js';

describe('the routes’ path parameters', () => {
  it('each have a rule, by the name the path gives them', () => {
    expect(paramsWithoutRule()).toEqual([]);
  });

  it('finds a parameter with no rule', () => {
    expect(paramsWithoutRule(['GET /api/admin/things/:thingId'])).toEqual(['GET /api/admin/things/:thingId :thingId']);
  });

  it('reads the parameters a path names', () => {
    expect(pathParams('GET /api/reserves/:id/proof/:walletAddress')).toEqual(['id', 'walletAddress']);
    expect(pathParams('GET /api/stakes')).toEqual([]);
  });

  it("checks a route's parameters by their rules, and no other", () => {
    const schema = paramsSchemaOf('GET /api/reserves/:id/proof/:walletAddress');
    expect(Object.keys(schema.fields).sort()).toEqual(['id', 'walletAddress']);
    expect(validate(paramsSchemaOf('GET /api/admin/audits/:id'), { id: '0' })).toEqual({
      ok: false,
      errors: { id: 'Id must be a positive whole number' },
    });
    expect(validate(paramsSchemaOf('GET /api/actions/stake/:planId'), { planId: '7' })).toEqual({ ok: true, value: { planId: 7 } });
  });
});
