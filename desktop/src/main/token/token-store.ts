import { readFile, rm } from 'node:fs/promises';
import { safeStorage } from 'electron';
import { writeFileAtomic } from '../files/write-file-atomic.js';

export type TokenStore = {
  load(): Promise<string | null>;
  save(token: string): Promise<void>;
  clear(): Promise<void>;
  /** false when the token lives in memory only (no OS encryption): it is gone when the app quits. */
  persists(): boolean;
};

/**
 * Real encryption only: Linux's 'basic_text' backend (no keyring found) encrypts with a key that is
 * the same on every machine, which is no better than plain text.
 */
function encryptionAvailable(): boolean {
  if (!safeStorage.isEncryptionAvailable()) return false;
  return process.platform !== 'linux' || safeStorage.getSelectedStorageBackend() !== 'basic_text';
}

/**
 * The admin token, encrypted by the OS (safeStorage) and kept as base64 in `filePath`. Without
 * encryption it is never written to disk: it stays in memory until the app quits.
 */
export function createTokenStore(filePath: string): TokenStore {
  let inMemory: string | null = null;

  return {
    persists: encryptionAvailable,
    async load() {
      if (inMemory !== null) return inMemory;
      if (!encryptionAvailable()) return null;
      let saved: string;
      try {
        saved = await readFile(filePath, 'utf8');
      } catch {
        return null;
      }
      try {
        return safeStorage.decryptString(Buffer.from(saved.trim(), 'base64'));
      } catch {
        // Encrypted under another OS key (a restored profile, a changed keyring): log in again.
        await rm(filePath, { force: true });
        return null;
      }
    },
    async save(token) {
      if (encryptionAvailable()) {
        inMemory = null;
        await writeFileAtomic(filePath, safeStorage.encryptString(token).toString('base64'));
      } else {
        inMemory = token;
        await rm(filePath, { force: true });
      }
    },
    async clear() {
      inMemory = null;
      await rm(filePath, { force: true });
    },
  };
}
