import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetFakeElectron, safeStorage } from '../test/fake-electron.js';
import { createTokenStore } from './token-store.js';

vi.mock('electron', () => import('../test/fake-electron.js'));

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZG1pbiJ9.c2lnbmF0dXJl';
let dir: string;
let file: string;

beforeEach(() => {
  resetFakeElectron();
  dir = mkdtempSync(path.join(tmpdir(), 'stakedesk-token-'));
  file = path.join(dir, 'admin-token.enc');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the admin token store, with OS encryption', () => {
  it('writes the token encrypted (base64 of safeStorage output), never in plain text', async () => {
    await createTokenStore(file).save(TOKEN);
    const saved = readFileSync(file, 'utf8');
    expect(saved).not.toContain(TOKEN);
    expect(saved).not.toContain('eyJ');
    expect(Buffer.from(saved, 'base64')).toEqual(safeStorage.encryptString.mock.results[0]!.value);
    expect(safeStorage.encryptString).toHaveBeenCalledWith(TOKEN);
  });

  it('reads it back after a restart (a new store on the same file)', async () => {
    await createTokenStore(file).save(TOKEN);
    const restarted = createTokenStore(file);
    expect(restarted.persists()).toBe(true);
    expect(await restarted.load()).toBe(TOKEN);
    expect(safeStorage.decryptString).toHaveBeenCalled();
  });

  it('forgets it on clear (logout)', async () => {
    const store = createTokenStore(file);
    await store.save(TOKEN);
    await store.clear();
    expect(existsSync(file)).toBe(false);
    expect(await createTokenStore(file).load()).toBeNull();
  });

  it('answers null when nothing is saved, and drops a file it cannot decrypt', async () => {
    expect(await createTokenStore(file).load()).toBeNull();
    writeFileSync(file, Buffer.from('encrypted under another key').toString('base64'));
    expect(await createTokenStore(file).load()).toBeNull();
    expect(existsSync(file)).toBe(false);
  });
});

describe('the admin token store, without OS encryption', () => {
  it('keeps the token in memory only: nothing on disk, gone after a restart', async () => {
    safeStorage.isEncryptionAvailable.mockReturnValue(false);
    const store = createTokenStore(file);
    expect(store.persists()).toBe(false);
    await store.save(TOKEN);
    expect(existsSync(file)).toBe(false);
    expect(safeStorage.encryptString).not.toHaveBeenCalled();
    expect(await store.load()).toBe(TOKEN);
    expect(await createTokenStore(file).load()).toBeNull();
    await store.clear();
    expect(await store.load()).toBeNull();
  });

  it.runIf(process.platform === 'linux')("treats Linux's basic_text backend (a fixed key) as no encryption", async () => {
    safeStorage.getSelectedStorageBackend.mockReturnValue('basic_text');
    const store = createTokenStore(file);
    expect(store.persists()).toBe(false);
    await store.save(TOKEN);
    expect(existsSync(file)).toBe(false);
    expect(await store.load()).toBe(TOKEN);
  });

  it('removes a token saved earlier when encryption has gone away since', async () => {
    await createTokenStore(file).save(TOKEN);
    safeStorage.isEncryptionAvailable.mockReturnValue(false);
    const store = createTokenStore(file);
    await store.save(TOKEN);
    expect(existsSync(file)).toBe(false);
  });
});
