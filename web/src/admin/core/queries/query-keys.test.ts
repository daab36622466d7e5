import { describe, expect, it } from 'vitest';
import { adminKeys } from './query-keys.js';

describe('admin query keys', () => {
  it("keys a read by its route, under 'admin' so a logout or a resync reaches it, and its page below it", () => {
    expect(adminKeys.route('GET /api/admin/jobs')).toEqual(['admin', 'GET /api/admin/jobs']);
    expect(adminKeys.route('GET /api/admin/webhooks/:id/deliveries', 7)).toEqual(['admin', 'GET /api/admin/webhooks/:id/deliveries', 7]);
    expect(adminKeys.route('GET /api/admin/jobs').slice(0, 1)).toEqual(adminKeys.all);
  });
});
