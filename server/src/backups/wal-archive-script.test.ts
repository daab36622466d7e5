import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveCommand, restoreCommand } from './wal-archiving.js';

// The archive_command and restore_command PostgreSQL runs for each WAL file, run here exactly as
// PostgreSQL runs them: the command the server configures, through the shell, %p and %f filled in.
const exec = promisify(execFile);
let backupDir: string;
let work: string;

async function runCommand(template: string, p: string, f: string): Promise<{ code: number; stderr: string }> {
  const command = template.replaceAll('"%p"', `"${p}"`).replaceAll('"%f"', `"${f}"`);
  try {
    await exec('/bin/sh', ['-c', command]);
    return { code: 0, stderr: '' };
  } catch (error) {
    const failed = error as { code: number; stderr: string };
    return { code: failed.code, stderr: failed.stderr };
  }
}

const SEGMENT = '000000010000000000000007';

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'stakedesk-wal-script-'));
  backupDir = path.join(work, 'backups');
  mkdirSync(path.join(backupDir, 'wal'), { recursive: true });
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the WAL archive script', () => {
  it('archives a WAL file compressed, with the SHA-256 of what it stored, and answers success again for the same content (a retry)', async () => {
    const walFile = path.join(work, SEGMENT);
    writeFileSync(walFile, 'wal bytes one');
    expect(await runCommand(archiveCommand(backupDir), walFile, SEGMENT)).toEqual({ code: 0, stderr: '' });
    const stored = readFileSync(path.join(backupDir, 'wal', SEGMENT));
    expect(gunzipSync(stored).toString()).toBe('wal bytes one');
    const sha256 = createHash('sha256').update(stored).digest('hex');
    expect(readFileSync(path.join(backupDir, 'wal', `${SEGMENT}.sha256`), 'utf8')).toBe(`${sha256}  ${SEGMENT}\n`);
    expect(await runCommand(archiveCommand(backupDir), walFile, SEGMENT)).toEqual({ code: 0, stderr: '' });
  });

  it('never replaces an archived file with other content of the same name: it fails, and the archive keeps the first', async () => {
    const other = path.join(work, 'other');
    writeFileSync(other, 'wal bytes two');
    const refused = await runCommand(archiveCommand(backupDir), other, SEGMENT);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('exists with other content; refusing to overwrite it');
    expect(gunzipSync(readFileSync(path.join(backupDir, 'wal', SEGMENT))).toString()).toBe('wal bytes one');
  });

  it('restores an archived file that matches its checksum, and none that does not or is missing', async () => {
    const restored = path.join(work, 'restored');
    expect(await runCommand(restoreCommand(backupDir), restored, SEGMENT)).toEqual({ code: 0, stderr: '' });
    expect(readFileSync(restored, 'utf8')).toBe('wal bytes one');

    expect((await runCommand(restoreCommand(backupDir), path.join(work, 'absent'), '000000010000000000000008')).code).toBe(1);
    expect(existsSync(path.join(work, 'absent'))).toBe(false);

    writeFileSync(path.join(backupDir, 'wal', SEGMENT), gzipSync('wal bytes altered'));
    const tampered = await runCommand(restoreCommand(backupDir), path.join(work, 'tampered'), SEGMENT);
    expect(tampered.code).toBe(1);
    expect(tampered.stderr).toContain('does not match its checksum; not restoring it');
    expect(existsSync(path.join(work, 'tampered'))).toBe(false);
  });
});
