import { describe, expect, it } from 'vitest';
import { bodyFields, bodyTableGaps } from './route-bodies.js';

describe('the body schemas of the route tables', () => {
  it('gives every POST, PUT and PATCH route a body schema, or a reason it has none', () => {
    expect(bodyTableGaps()).toEqual({ noSchema: [], both: [], schemaWithoutBody: [] });
  });

  it('fails on a route with a body that has no schema', () => {
    const routes = ['GET /api/admin/things', 'POST /api/admin/things', 'PUT /api/admin/things/:id', 'POST /api/admin/things/:id/ping'];
    expect(bodyTableGaps(routes, ['PUT /api/admin/things/:id'], ['POST /api/admin/things/:id/ping']).noSchema).toEqual([
      'POST /api/admin/things',
    ]);
  });

  it('fails on a route said to be both with and without a schema, and on a schema for a GET', () => {
    const gaps = bodyTableGaps([], ['POST /api/admin/things', 'GET /api/admin/things/:id'], ['POST /api/admin/things']);
    expect(gaps.both).toEqual(['POST /api/admin/things']);
    expect(gaps.schemaWithoutBody).toEqual(['GET /api/admin/things/:id']);
  });

  it('lets a DELETE carry a body with its schema (a removal confirmed with a step-up), and need none', () => {
    const routes = ['DELETE /api/admin/me/passkeys/:id', 'DELETE /api/admin/things/:id'];
    expect(bodyTableGaps(routes, ['DELETE /api/admin/me/passkeys/:id'], [])).toEqual({ noSchema: [], both: [], schemaWithoutBody: [] });
  });

  it("reads a body's fields from its schema", () => {
    expect(bodyFields('POST /api/admin/login')).toEqual(['username', 'password', 'code']);
    expect(bodyFields('POST /api/admin/me/password')).toEqual(['currentPassword', 'newPassword']);
  });
});
