import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { app, dialog, resetFakeElectron } from '../test/fake-electron.js';
import { saveCsv } from './save-csv.js';

vi.mock('electron', () => import('../test/fake-electron.js'));

const CSV = 'id,walletAddress,amount\n1,7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU,1000\n';
let dir: string;
beforeEach(() => {
  resetFakeElectron();
  dir = mkdtempSync(path.join(tmpdir(), 'stakedesk-csv-'));
  app.paths.set('downloads', dir);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('saving a CSV export', () => {
  it('offers the file name in Downloads, for CSV files', async () => {
    await saveCsv(null, 'withdrawals.csv', CSV);
    expect(dialog.showSaveDialog).toHaveBeenCalledWith(
      expect.objectContaining({ defaultPath: path.join(dir, 'withdrawals.csv'), filters: [{ name: 'CSV', extensions: ['csv'] }] }),
    );
  });

  it("answers 'cancelled' and writes nothing when the dialog is cancelled", async () => {
    expect(await saveCsv(null, 'withdrawals.csv', CSV)).toBe('cancelled');
    expect(existsSync(path.join(dir, 'withdrawals.csv'))).toBe(false);
  });

  it("writes the content where the admin chose and answers 'saved'", async () => {
    const chosen = path.join(dir, 'april withdrawals.csv');
    dialog.showSaveDialog.mockResolvedValue({ canceled: false, filePath: chosen });
    const window = { id: 1 };
    expect(await saveCsv(window as never, 'withdrawals.csv', CSV)).toBe('saved');
    expect(readFileSync(chosen, 'utf8')).toBe(CSV);
    expect(dialog.showSaveDialog.mock.calls[0]![0]).toBe(window);
  });
});
