import { execFile } from 'node:child_process';
import { accessSync, constants, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { extractFile, listPackage } from '@electron/asar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStandInElectron } from './stand-in-electron.js';

// Needs desktop/out: run through `npm run test:desktop-package`, which builds it first.
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ELECTRON_VERSION = (JSON.parse(readFileSync(path.join(ROOT, 'node_modules/electron/package.json'), 'utf8')) as { version: string }).version;
const BUILDER = path.join(ROOT, 'node_modules/electron-builder/cli.js');

let electronDist: string;
let output: string;
let unpacked: string;
let asar: string;

beforeAll(async () => {
  if (!existsSync(path.join(ROOT, 'desktop/out/renderer/index.html'))) throw new Error('desktop/out is missing: run `npm run build:desktop` first');
  electronDist = createStandInElectron(ELECTRON_VERSION);
  output = mkdtempSync(path.join(tmpdir(), 'stakedesk-release-'));
  await promisify(execFile)(
    process.execPath,
    [BUILDER, '--linux', 'dir', '--publish', 'never', `-c.electronDist=${electronDist}`, `-c.electronVersion=${ELECTRON_VERSION}`, `-c.directories.output=${output}`],
    { cwd: ROOT, env: { ...process.env, CI: 'true' }, maxBuffer: 16 * 1024 * 1024 },
  );
  unpacked = path.join(output, 'linux-unpacked');
  asar = path.join(unpacked, 'resources', 'app.asar');
}, 120_000);

afterAll(() => {
  for (const dir of [electronDist, output]) if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('electron-builder --linux dir with a stand-in Electron', () => {
  it('packs main, preload and the renderer into resources/app.asar', () => {
    const files = listPackage(asar, { isPack: false }).map((file) => file.replaceAll('\\', '/'));
    expect(files).toEqual(expect.arrayContaining(['/out/main/index.js', '/out/preload/index.cjs', '/out/renderer/index.html', '/package.json']));
    expect(files.some((file) => file.startsWith('/out/renderer/assets/') && file.endsWith('.js'))).toBe(true);
  });

  it('packs nothing else: no sources, no source maps, no node_modules', () => {
    const files = listPackage(asar, { isPack: false }).map((file) => file.replaceAll('\\', '/'));
    expect(files.filter((file) => !file.startsWith('/out') && file !== '/package.json')).toEqual([]);
    expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
  });

  it("starts at a main script that is in the asar", () => {
    const app = JSON.parse(extractFile(asar, 'package.json').toString('utf8')) as { main: string; name: string };
    expect(app.main).toBe('out/main/index.js');
    expect(extractFile(asar, app.main).toString('utf8')).toContain('registerSchemesAsPrivileged');
  });

  it('renames the Electron executable to stakedesk-admin', () => {
    const executable = path.join(unpacked, 'stakedesk-admin');
    expect(() => accessSync(executable, constants.X_OK)).not.toThrow();
    expect(readFileSync(executable, 'utf8')).toContain(`stand-in for Electron ${ELECTRON_VERSION}`);
    expect(existsSync(path.join(unpacked, 'electron'))).toBe(false);
  });
});
