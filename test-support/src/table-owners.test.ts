import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The lint's list of table owners (scripts/table-owners.js) against ARCHITECTURE.md's table and the
// tables the migrations make, and each table another folder may name against the text that says why.
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const architecture = readFileSync(join(repoRoot, 'ARCHITECTURE.md'), 'utf8');

type Owners = Record<string, string[]>;
const { TABLE_OWNERS } = (await import(join(repoRoot, 'scripts/table-owners.js'))) as { TABLE_OWNERS: Owners };

const sorted = (owners: Owners) => Object.fromEntries(Object.entries(owners).map(([owner, tables]) => [owner, [...tables].sort()]));
const names = (text: string) => [...text.matchAll(/`([a-z_]+)`/g)].map(([, name]) => name!);

describe('table owners', () => {
  it("are ARCHITECTURE.md's table of owners", () => {
    const drawn: Owners = {};
    for (const [, owner, tables] of architecture.matchAll(/^\| (?:platform )?`([a-z-]+)` \| (.+) \|$/gm)) {
      drawn[owner!] = names(tables!.split('(')[0]!);
    }
    expect(sorted(drawn)).toEqual(sorted(TABLE_OWNERS));
  });

  it('own every table the migrations make, each once', () => {
    const migrations = join(repoRoot, 'server/src/db/migrations');
    const made = readdirSync(migrations)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .flatMap((file) => [...readFileSync(join(migrations, file), 'utf8').matchAll(/CREATE TABLE (?:IF NOT EXISTS )?([a-z_]+)/g)])
      .map(([, table]) => table!);
    const owned = Object.values(TABLE_OWNERS).flat();
    expect(owned.sort()).toEqual([...new Set(owned)].sort());
    expect(owned.sort()).toEqual([...new Set(made)].sort());
  });
});
