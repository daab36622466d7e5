import { withDatabase } from '../support/database.js';
import { AdminPanel } from '../support/admin-panel.js';
import { readState } from '../support/state.js';
import { expect, test } from '../support/test.js';

test('a list too long to count shows its total as an estimate, labelled so', async ({ page }) => {
  // Forty thousand old entries (older than anything the other tests write): past the length the
  // server still counts exactly, so it answers the planner's estimate and says so.
  await withDatabase(readState().dataDir, async (client) => {
    await client.query(
      `INSERT INTO audit_logs (admin_username, action, entity_type, created_at)
       SELECT 'archived', 'settings.update', 'settings', now() - interval '400 days' - make_interval(secs => i) FROM generate_series(1, 40000) i`,
    );
    await client.query('ANALYZE audit_logs');
  });
  const panel = new AdminPanel(page);
  await panel.open('Audit Log');
  await expect(panel.panel().getByText(/^About \d{2},\d{3} rows \(an estimate\)$/)).toBeVisible();
});
