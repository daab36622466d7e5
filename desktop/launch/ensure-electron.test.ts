import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SCRIPT = fileURLToPath(new URL('./ensure-electron.mjs', import.meta.url));
// Where the binary is already installed there is nothing to download, so nothing to refuse.
const binaryInstalled = existsSync(path.join(ROOT, 'node_modules/electron/path.txt'));
const cache = mkdtempSync(path.join(tmpdir(), 'stakedesk-electron-cache-'));
afterAll(() => rmSync(cache, { recursive: true, force: true }));

describe.skipIf(binaryInstalled)('starting the desktop app without the Electron binary', () => {
  it('tries the download, then says in two lines how to get the binary, without a stack', () => {
    const started = spawnSync(process.execPath, [SCRIPT], {
      cwd: path.join(ROOT, 'desktop'),
      encoding: 'utf8',
      env: {
        PATH: process.env.PATH,
        INIT_CWD: ROOT,
        // Set at install time on machines like this one; starting the app still has to try.
        ELECTRON_SKIP_BINARY_DOWNLOAD: '1',
        ELECTRON_MIRROR: 'http://127.0.0.1:9/',
        electron_config_cache: cache,
        force_no_cache: 'true',
      },
    });
    expect(started.status).toBe(1);
    expect(started.stdout.trim()).toBe('Downloading the Electron binary (first start of the desktop app)…');
    expect(started.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^The Electron binary is not installed and could not be downloaded \(.*ECONNREFUSED.*\)\.$/),
      'Run `node node_modules/electron/install.js` once github.com (or the mirror named by ELECTRON_MIRROR) can be reached, then start the app again.',
    ]);
  }, 60_000);
});
