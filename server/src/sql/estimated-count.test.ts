import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.js';
import { EXACT_COUNT_UP_TO } from './estimated-count.js';

let api: TestServer;
let token: string;

beforeAll(async () => {
  api = await startTestServer();
  token = await api.login();
});
afterAll(() => api.close());

const auditPage = () => api.request<unknown[]>('GET', '/api/admin/audit-log?limit=5', undefined, token);
const exactCount = async () => {
  const [rows] = await api.db.query('SELECT count(*)::int AS n FROM audit_logs');
  return (rows as [{ n: number }])[0].n;
};

describe('X-Total-Count of a long list', () => {
  it('is exact, with no estimate flag, while the list is short', async () => {
    const page = await auditPage();
    expect(page.status).toBe(200);
    expect(Number(page.headers.get('x-total-count'))).toBe(await exactCount());
    expect(page.headers.get('x-total-count-estimated')).toBeNull();
  });

  it('is the planner estimate, flagged X-Total-Count-Estimated: true, once counting would mean a scan of many rows', async () => {
    await api.db.query(
      `INSERT INTO audit_logs (admin_username, action, entity_type, created_at)
       SELECT 'root', 'settings.update', 'settings', now() - make_interval(secs => i) FROM generate_series(1, :n) i`,
      { replacements: { n: EXACT_COUNT_UP_TO * 2 } },
    );
    await api.db.query('ANALYZE audit_logs');
    const page = await auditPage();
    expect(page.status).toBe(200);
    expect(page.body).toHaveLength(5);
    expect(page.headers.get('x-total-count-estimated')).toBe('true');
    const exact = await exactCount();
    const estimate = Number(page.headers.get('x-total-count'));
    expect(Math.abs(estimate - exact) / exact).toBeLessThan(0.1);
  });
});
