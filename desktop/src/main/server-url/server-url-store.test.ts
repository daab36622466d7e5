import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServerUrlStore } from './server-url-store.js';

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'stakedesk-settings-'));
  file = path.join(dir, 'server.json');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the server URL setting', () => {
  it('is unset on the first run', () => {
    expect(createServerUrlStore(file).get()).toBeNull();
  });

  it('is saved as JSON and read back after a restart', async () => {
    await createServerUrlStore(file).set('https://stakedesk.example.com');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ serverUrl: 'https://stakedesk.example.com' });
    expect(createServerUrlStore(file).get()).toBe('https://stakedesk.example.com');
  });

  it('counts a broken or hand-edited invalid file as unset', () => {
    writeFileSync(file, '{not json');
    expect(createServerUrlStore(file).get()).toBeNull();
    writeFileSync(file, JSON.stringify({ serverUrl: 'javascript:alert(1)' }));
    expect(createServerUrlStore(file).get()).toBeNull();
  });
});
