import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { socketDirectory } from './embedded-postgres.js';

describe('where the server reaches its embedded PostgreSQL', () => {
  it('is a socket in the data directory, named by its absolute path', () => {
    expect(socketDirectory('/srv/stakedesk/data/postgres', 40123)).toBe('/srv/stakedesk/data/postgres');
    expect(socketDirectory('data/postgres', 40123)).toBe(path.resolve('data/postgres'));
  });

  it('is TCP when the socket path would not fit a socket address (103 bytes)', () => {
    const fits = `/${'d'.repeat(103 - '/.s.PGSQL.40123'.length - 1)}`;
    expect(path.join(fits, '.s.PGSQL.40123')).toHaveLength(103);
    expect(socketDirectory(fits, 40123)).toBe(fits);
    expect(socketDirectory(`${fits}d`, 40123)).toBeUndefined();
  });

  it("is TCP when the path holds what PostgreSQL's list setting would split or quote", () => {
    for (const dir of ['/srv/my data/postgres', '/srv/a,b/postgres', "/srv/o'neil/postgres", '/srv/"x"/postgres', '/srv/a\\b/postgres'])
      expect(socketDirectory(dir, 40123), dir).toBeUndefined();
  });
});
