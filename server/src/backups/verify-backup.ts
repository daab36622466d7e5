import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { POSTGRES_PASSWORD_FILE } from '../config.js';
import { fileSha256 } from './hashed-copy.js';
import { DATA_SUBDIR, MANIFEST_FILE, readManifest, type BackupManifest } from './manifest.js';
import { RestoreRefused } from './restore-refused.js';
import { segmentName, segmentNumber, segmentOf, timelineOf } from './wal-files.js';

async function filesUnder(root: string, relative = ''): Promise<string[]> {
  const entries = await readdir(path.join(root, relative), { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries) {
    const name = path.posix.join(relative, entry.name);
    if (entry.isDirectory()) files.push(...(await filesUnder(root, name)));
    else files.push(name);
  }
  return files;
}

async function verifyDataFiles(backupPath: string, manifest: BackupManifest): Promise<void> {
  const data = path.join(backupPath, DATA_SUBDIR);
  const listed = new Set(manifest.files.map((file) => file.path));
  const extra = (await filesUnder(data)).find((file) => !listed.has(file));
  if (extra) throw new RestoreRefused(`The backup does not verify: it holds ${extra}, which its manifest does not list.`);
  for (const file of manifest.files) {
    const full = path.join(data, file.path);
    if (!existsSync(full)) throw new RestoreRefused(`The backup does not verify: ${file.path} is missing.`);
    if ((await stat(full)).size !== file.size || (await fileSha256(full)) !== file.sha256)
      throw new RestoreRefused(`The backup does not verify: ${file.path} does not match its checksum.`);
  }
}

async function verifyPasswordFile(backupPath: string, manifest: BackupManifest): Promise<void> {
  if (!manifest.passwordFile) return;
  const file = path.join(backupPath, POSTGRES_PASSWORD_FILE);
  if (!existsSync(file)) throw new RestoreRefused(`The backup does not verify: ${POSTGRES_PASSWORD_FILE} is missing.`);
  if ((await fileSha256(file)) !== manifest.passwordFile.sha256)
    throw new RestoreRefused(`The backup does not verify: ${POSTGRES_PASSWORD_FILE} does not match its checksum.`);
}

/** Every archived file a restore from this backup may replay has its checksum, and matches it; the WAL to consistency is all there. */
async function verifyWal(walDir: string, manifest: BackupManifest): Promise<void> {
  const bytes = manifest.walSegmentBytes;
  const first = segmentNumber(manifest.startWal, bytes);
  const last = segmentNumber(manifest.stopWal, bytes);
  for (let segment = first; segment <= last; segment += 1) {
    const name = segmentName(timelineOf(manifest.startWal), segment, bytes);
    if (!existsSync(path.join(walDir, name)))
      throw new RestoreRefused(
        `The backup does not verify: the WAL archive lacks ${name}, which the backup needs to reach a consistent state.`,
      );
  }
  const archived = existsSync(walDir) ? await readdir(walDir) : [];
  for (const file of archived) {
    if (file.endsWith('.sha256') || file.includes('.tmp-')) continue;
    const segment = segmentOf(file, bytes);
    if (segment !== undefined && segment < first) continue; // before the backup: never replayed from it
    const sidecar = path.join(walDir, `${file}.sha256`);
    const expected = existsSync(sidecar) ? (await readFile(sidecar, 'utf8')).split(' ')[0] : undefined;
    if (expected !== (await fileSha256(path.join(walDir, file))))
      throw new RestoreRefused(`The backup does not verify: the archived WAL file ${file} does not match its checksum.`);
  }
}

/** Refuses (RestoreRefused, one sentence) a backup whose files or WAL do not verify; answers its manifest. */
export async function verifyBackup(backupPath: string, walDir: string): Promise<BackupManifest> {
  if (!existsSync(path.join(backupPath, MANIFEST_FILE)))
    throw new RestoreRefused(`${backupPath} is not a finished Stakedesk base backup: it has no ${MANIFEST_FILE}.`);
  const manifest = await readManifest(backupPath);
  await verifyDataFiles(backupPath, manifest);
  await verifyPasswordFile(backupPath, manifest);
  await verifyWal(walDir, manifest);
  return manifest;
}
