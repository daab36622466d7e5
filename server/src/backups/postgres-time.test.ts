import { describe, expect, it } from 'vitest';
import { postgresTimestamp } from './postgres-time.js';

describe('--to as recovery_target_time', () => {
  it("is PostgreSQL's timestamp format in UTC, not ISO's T…Z", () => {
    expect(postgresTimestamp('2026-12-05T10:00:00.123Z')).toBe('2026-12-05 10:00:00.123+00');
    expect(postgresTimestamp('2026-12-05T12:00:00+02:00')).toBe('2026-12-05 10:00:00.000+00');
    expect(postgresTimestamp('2026-12-05T10:00Z')).toBe('2026-12-05 10:00:00.000+00');
  });

  it('is refused without a time zone (it would be read in the server’s), or when it is no moment', () => {
    expect(postgresTimestamp('2026-12-05T10:00:00')).toBeUndefined();
    expect(postgresTimestamp('2026-12-05 10:00:00+00')).toBeUndefined();
    expect(postgresTimestamp('2026-13-45T10:00:00Z')).toBeUndefined();
    expect(postgresTimestamp("2026-12-05T10:00:00Z'; DROP")).toBeUndefined();
  });
});
