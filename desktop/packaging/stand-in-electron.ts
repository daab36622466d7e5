import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A folder shaped like an unpacked Electron for linux-x64, for `electronDist`: electron-builder
 * copies it as it is (app-builder-lib's ElectronFramework: a directory without the release zip
 * counts as "a custom unpacked Electron distribution"), renames `electron` to the executable name
 * and writes resources/app.asar. The real binary cannot be downloaded here.
 */
export function createStandInElectron(version: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'stakedesk-electron-dist-'));
  mkdirSync(path.join(dir, 'resources'));
  mkdirSync(path.join(dir, 'locales'));
  writeFileSync(path.join(dir, 'electron'), `#!/bin/sh\necho "stand-in for Electron ${version}"\n`);
  chmodSync(path.join(dir, 'electron'), 0o755);
  writeFileSync(path.join(dir, 'version'), version);
  writeFileSync(path.join(dir, 'LICENSE'), 'MIT License (stand-in)\n');
  writeFileSync(path.join(dir, 'LICENSES.chromium.html'), '<!doctype html><title>stand-in</title>\n');
  writeFileSync(path.join(dir, 'locales', 'en-US.pak'), '');
  return dir;
}
