import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';

/**
 * Copies `from` to `to` (mode 600), on disk before it answers, and answers the SHA-256 and size of
 * what it wrote. A file that grows or shrinks while PostgreSQL writes it is copied as read: WAL
 * replay repairs it (PostgreSQL's documented base backup).
 */
export async function hashedCopy(from: string, to: string): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  // The source first: one that is gone (ENOENT) leaves no empty copy behind.
  const source = await open(from, 'r');
  let size = 0;
  try {
    const target = await open(to, 'wx', 0o600);
    try {
      for await (const chunk of source.createReadStream({ autoClose: false }) as AsyncIterable<Buffer>) {
        hash.update(chunk);
        size += chunk.length;
        await target.write(chunk);
      }
      await target.sync();
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
  return { sha256: hash.digest('hex'), size };
}

export async function fileSha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) hash.update(chunk);
  return hash.digest('hex');
}
