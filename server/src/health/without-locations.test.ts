import { describe, expect, it } from 'vitest';
import { withoutLocations } from './without-locations.js';

// Error lines as PostgreSQL's client, Node's fetch and RPC providers write them (taken from real failures).
describe('withoutLocations', () => {
  it.each([
    ['connect ENOENT /tmp/stakedesk-nowhere/.s.PGSQL.5432', 'connect ENOENT …'],
    ['connect ECONNREFUSED 127.0.0.1:5432', 'connect ECONNREFUSED …'],
    ['connect ECONNREFUSED ::1:5432', 'connect ECONNREFUSED …'],
    ['connect ECONNREFUSED [fe80::1%eth0]:5432', 'connect ECONNREFUSED …'],
    ['getaddrinfo ENOTFOUND db.internal.example', 'getaddrinfo ENOTFOUND'],
    ['getaddrinfo EAI_AGAIN postgres-service', 'getaddrinfo EAI_AGAIN'],
    ['connect ETIMEDOUT 10.0.3.7:8899', 'connect ETIMEDOUT …'],
    ['request to https://mainnet.helius-rpc.com/?api-key=abc failed', 'request to … failed'],
    ['could not connect to postgres://stakedesk:secret@db:5432/stakedesk', 'could not connect to …'],
    ['connection to server at "db.internal", port 5432 failed', 'connection to server at "…", port … failed'],
    ['connect to rpc-node:8899 refused', 'connect to … refused'],
  ])('%s', (line, cleaned) => {
    expect(withoutLocations(line)).toBe(cleaned);
  });

  it('keeps what says what went wrong', () => {
    for (const line of [
      'no answer within 3000 ms',
      'the provider answered HTTP 502',
      'Node is behind by 500 slots',
      'password authentication failed for user "stakedesk"',
      'fetch failed',
    ]) {
      expect(withoutLocations(line)).toBe(line);
    }
  });
});
