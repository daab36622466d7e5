import bcrypt from 'bcryptjs';
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { BCRYPT_COST, EQUALISER_AT_BCRYPT_COST, PasswordWorker } from './passwords.js';

const passwords = new PasswordWorker();

describe('admin passwords', () => {
  it('are bcrypt hashes at the configured cost, checked right and wrong', async () => {
    const hash = await passwords.hash('correct horse battery staple');
    expect(bcrypt.getRounds(hash)).toBe(BCRYPT_COST);
    expect(bcrypt.compareSync('correct horse battery staple', hash)).toBe(true);
    expect(await passwords.matches('correct horse battery staple', hash)).toBe(true);
    expect(await passwords.matches('correct horse battery stapler', hash)).toBe(false);
    expect(await passwords.matches('anything', 'not a bcrypt hash')).toBe(false);
  });

  it('are compared, for an unknown username, with an equaliser that costs what a real check costs', async () => {
    const equaliser = await passwords.timingEqualiser();
    expect(equaliser).toBe(EQUALISER_AT_BCRYPT_COST);
    expect(bcrypt.getRounds(equaliser)).toBe(BCRYPT_COST);
    expect(await passwords.matches('stakedesk-timing-equaliser', equaliser)).toBe(true);
  });

  it("are checked off the server's thread: a burst of checks leaves it free to answer others", async () => {
    const hash = await passwords.hash('burst');
    const before = performance.eventLoopUtilization();
    const results = await Promise.all(Array.from({ length: 4 }, (_, i) => passwords.matches(i % 2 ? 'burst' : 'wrong', hash)));
    const busy = performance.eventLoopUtilization(before).utilization;
    expect(results).toEqual([false, true, false, true]);
    // About a second of bcrypt: on this thread the loop would be busy nearly all of it.
    expect(busy).toBeLessThan(0.3);
  });
});
