import { readFileSync } from 'node:fs';
import { writeFileAtomic } from '../files/write-file-atomic.js';
import { parseServerUrl } from './server-url-rule.js';

export type ServerUrlStore = {
  /** The saved origin, or null before the first setup. */
  get(): string | null;
  set(origin: string): Promise<void>;
};

/** The server URL setting, kept as {"serverUrl": "..."} in a JSON file under userData. */
export function createServerUrlStore(filePath: string): ServerUrlStore {
  let current = readSaved(filePath);
  return {
    get: () => current,
    async set(origin) {
      await writeFileAtomic(filePath, JSON.stringify({ serverUrl: origin }, null, 2) + '\n');
      current = origin;
    },
  };
}

/** A missing, unreadable or hand-edited invalid file means "not set": the setup screen asks again. */
function readSaved(filePath: string): string | null {
  try {
    const { serverUrl } = JSON.parse(readFileSync(filePath, 'utf8')) as { serverUrl?: unknown };
    if (typeof serverUrl !== 'string') return null;
    const parsed = parseServerUrl(serverUrl);
    return parsed.ok ? parsed.origin : null;
  } catch {
    return null;
  }
}
