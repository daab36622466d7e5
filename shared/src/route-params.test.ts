import { describe, expect, it } from 'vitest';
import { paramsTableGaps, pathParams } from './route-params.js';

describe('the route params table', () => {
  it('gives every route naming a parameter a schema of exactly those parameters', () => {
    expect(paramsTableGaps()).toEqual({ noSchema: [], otherParams: [] });
  });

  it('finds a route with no schema for its parameters', () => {
    expect(paramsTableGaps(['GET /api/admin/things/:thingId']).noSchema).toEqual(['GET /api/admin/things/:thingId']);
  });

  it('reads the parameters a path names', () => {
    expect(pathParams('GET /api/reserves/:id/proof/:walletAddress')).toEqual(['id', 'walletAddress']);
    expect(pathParams('GET /api/stakes')).toEqual([]);
  });
});
