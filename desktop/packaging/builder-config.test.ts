import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
// electron-builder's own loader and schema check (the ones `electron-builder` runs first), offline.
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config.js';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const quiet = { isEnabled: false, add: () => undefined } as never;
const load = () => getConfig(ROOT, 'electron-builder.yml', null);

describe('electron-builder.yml', () => {
  it("passes electron-builder's schema validation", async () => {
    await expect(validateConfiguration(await load(), quiet)).resolves.toBeUndefined();
  });

  it('builds AppImage and deb on Linux, NSIS on Windows, dmg on macOS', async () => {
    const config = await load();
    expect(config.linux).toMatchObject({ target: ['AppImage', 'deb'] });
    expect(config.win).toMatchObject({ target: ['nsis'] });
    expect(config.mac).toMatchObject({ target: ['dmg'] });
  });

  it('packs the electron-vite output of desktop/ into an asar, and nothing from node_modules', async () => {
    const config = await load();
    expect(config.directories).toMatchObject({ app: 'desktop', output: 'desktop/release', buildResources: 'desktop/build' });
    expect(config.files).toEqual([{ filter: ['out/**', '!out/**/*.map', 'package.json'] }]);
    expect(config.asar).toBe(true);
  });

  it('would be refused with a misspelt option or a wrong type, so the check above means something', async () => {
    const misspelt = { ...(await load()), linux: { target: ['AppImage'], notAnOption: true } };
    await expect(validateConfiguration(misspelt as never, quiet)).rejects.toThrow(/configuration\.linux/);
    const wrongType = { ...(await load()), asar: 'yes please' };
    await expect(validateConfiguration(wrongType as never, quiet)).rejects.toThrow(/configuration\.asar/);
  });
});

describe('the packaged app', () => {
  const app = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as Record<string, Record<string, string> | string>;

  it("starts at electron-vite's main bundle", () => {
    expect(app.main).toBe('out/main/index.js');
  });

  it('pins Electron exactly (electron-builder reads the installed version) and has no runtime dependencies to pack', () => {
    expect((app.devDependencies as Record<string, string>).electron).toMatch(/^\d+\.\d+\.\d+$/);
    expect(app.dependencies).toBeUndefined();
  });
});
