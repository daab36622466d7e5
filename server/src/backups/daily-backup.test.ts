import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { alertInbox, type SentAlert } from '../test/alert-inbox.js';
import { startTestServer, type TestServer } from '../test/test-server.js';
import { backupIfDue } from './daily-backup.js';

let api: TestServer;
let sent: () => Promise<SentAlert[]>;
let backupDir: string;
beforeAll(async () => {
  api = await startTestServer({ allowPrivateRpc: true });
  sent = await alertInbox(api, await api.login(), ['backup.failed']);
  backupDir = mkdtempSync(path.join(tmpdir(), 'stakedesk-failed-backups-'));
});
afterAll(async () => {
  await api.close();
  rmSync(backupDir, { recursive: true, force: true });
});

it('announces a daily backup that fails (backup.failed) at once, and leaves no backup behind', async () => {
  // The tests' PostgreSQL archives no WAL: a base backup of it could never be restored, so none is taken.
  const place = { databaseDir: '/nonexistent', databaseUrl: api.databaseUrl, backupDir, keepDays: 7 };
  const reason = 'WAL archiving is off: a base backup without its WAL cannot be restored';

  await expect(backupIfDue(api.db, place)).rejects.toThrow(reason);

  expect(await sent()).toEqual([{ event: 'backup.failed', data: { reason } }]);
  expect(readdirSync(backupDir)).toEqual([]);
});
