// PostgreSQL's archive_command and restore_command for the embedded database (DESIGN 19), run by
// PostgreSQL itself once per WAL file, so plain Node with nothing to build or install:
//   node wal-archive.mjs archive <archive dir> <%p: the file's path> <%f: its name>
//   node wal-archive.mjs restore <archive dir> <%f: the name asked for> <%p: where to put it>
// Each file is archived gzip-compressed under its own name (a 16 MB segment closed early by
// archive_timeout is mostly zeros: about 70 KB), with the SHA-256 of what is stored beside it
// (<name>.sha256, in sha256sum's format). Archiving never replaces a file of the same name with
// other content (it answers failure, and PostgreSQL keeps the WAL and retries), and it answers
// success only once the copy is on disk.
import { createHash } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';

const [mode, archiveDir, first, second] = process.argv.slice(2);

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');
const checksumLine = (hash, name) => `${hash}  ${name}\n`;

/** Writes `bytes` to `file` through a temporary name, on disk before it takes the name. */
function writeDurably(file, bytes) {
  const temporary = `${file}.tmp-${process.pid}`;
  writeFileSync(temporary, bytes, { mode: 0o600 });
  const fd = openSync(temporary, 'r');
  fsyncSync(fd);
  closeSync(fd);
  renameSync(temporary, file);
}

function syncDirectory(directory) {
  const fd = openSync(directory, 'r');
  fsyncSync(fd);
  closeSync(fd);
}

function archive(source, name) {
  const target = path.join(archiveDir, name);
  const bytes = readFileSync(source);
  if (existsSync(target)) {
    // Archived before (PostgreSQL retries after a crash between our copy and its own record of it).
    if (gunzipSync(readFileSync(target)).equals(bytes)) return 0;
    process.stderr.write(`wal-archive: ${target} exists with other content; refusing to overwrite it\n`);
    return 1;
  }
  const stored = gzipSync(bytes, { level: 1 });
  // The checksum first: a data file never stands in the archive without it.
  writeDurably(`${target}.sha256`, checksumLine(sha256(stored), name));
  writeDurably(target, stored);
  syncDirectory(archiveDir);
  return 0;
}

function restore(name, destination) {
  const source = path.join(archiveDir, name);
  // Not archived (yet): PostgreSQL asks past the end of the archive and for timelines that may not exist.
  if (!existsSync(source)) return 1;
  const stored = readFileSync(source);
  const expected = existsSync(`${source}.sha256`) ? readFileSync(`${source}.sha256`, 'utf8').split(' ')[0] : undefined;
  if (sha256(stored) !== expected) {
    process.stderr.write(`wal-archive: ${source} does not match its checksum; not restoring it\n`);
    return 1;
  }
  writeFileSync(destination, gunzipSync(stored), { mode: 0o600 });
  return 0;
}

if (mode === 'archive') process.exitCode = archive(first, second);
else if (mode === 'restore') process.exitCode = restore(first, second);
else {
  process.stderr.write('usage: wal-archive.mjs archive <archive dir> <path> <name> | restore <archive dir> <name> <path>\n');
  process.exitCode = 2;
}
