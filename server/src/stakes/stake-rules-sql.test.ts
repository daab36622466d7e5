import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryTypes } from 'sequelize';
import {
  STAKE_STATUSES,
  isComplete,
  isExpired,
  isLive,
  stakeGroup,
  type StakeGroup,
  type StakeStatus,
} from '@stakedesk/shared/stake-status';
import { stakeFor, startStakingServer } from '../test/fixtures.js';
import type { TestServer } from '../test/test-server.js';
import { STAKE_COMPLETE_SQL, STAKE_EXPIRED_SQL, STAKE_GROUP_SQL, STAKE_LIVE_SQL } from './stake-rules-sql.js';

let api: TestServer;
const stakeIds: number[] = [];

/** Where each stake's end lies against the database's now(): before, exactly at, or after it. */
const ENDS_AT_OFFSET_SECONDS = [-86_400, -1, 0, 1, 86_400];

beforeAll(async () => {
  const server = await startStakingServer();
  api = server.api;
  for (let i = 0; i < STAKE_STATUSES.length * ENDS_AT_OFFSET_SECONDS.length; i++) stakeIds.push((await stakeFor(api, server.plan)).id);
});
afterAll(() => api.close());

type Row = {
  id: number;
  status: StakeStatus;
  created_at: Date;
  duration_days: number;
  complete: boolean;
  expired: boolean;
  live: boolean;
  running: boolean;
  finished: boolean;
  in_complete_group: boolean;
};

/** The one group whose SQL condition holds for the row (or a list of them, if several did). */
const groupOf = (row: Row): StakeGroup | StakeGroup[] => {
  const groups = (['running', 'complete', 'finished'] as const).filter((group) =>
    group === 'complete' ? row.in_complete_group : row[group],
  );
  return groups.length === 1 ? groups[0]! : groups;
};

describe('the SQL stake rules', () => {
  it('decide every status and end (ends exactly now included) as the shared functions do', async () => {
    const rows = await api.db.transaction(async (transaction) => {
      // now() is the transaction's start: the same instant for every statement below.
      const [{ now }] = (await api.db.query<{ now: Date }>('SELECT now() AS now', { type: QueryTypes.SELECT, transaction })) as [
        { now: Date },
      ];
      let index = 0;
      for (const status of STAKE_STATUSES) {
        for (const offset of ENDS_AT_OFFSET_SECONDS) {
          await api.db.query(
            `UPDATE stakes SET status = :status,
               ends_at = now() + make_interval(secs => :offset),
               created_at = now() + make_interval(secs => :offset) - make_interval(days => duration_days)
             WHERE id = :id`,
            { replacements: { status, offset, id: stakeIds[index++] }, transaction },
          );
        }
      }
      const found = await api.db.query<Row>(
        `SELECT id, status, created_at, duration_days,
           ${STAKE_COMPLETE_SQL} AS complete, ${STAKE_EXPIRED_SQL} AS expired, ${STAKE_LIVE_SQL} AS live,
           ${STAKE_GROUP_SQL.running} AS running, ${STAKE_GROUP_SQL.complete} AS in_complete_group, ${STAKE_GROUP_SQL.finished} AS finished
         FROM stakes WHERE id IN (:ids) ORDER BY id`,
        { replacements: { ids: stakeIds }, type: QueryTypes.SELECT, transaction },
      );
      return found.map((row) => ({ ...row, now }));
    });

    expect(rows).toHaveLength(STAKE_STATUSES.length * ENDS_AT_OFFSET_SECONDS.length);
    for (const row of rows) {
      const stake = { status: row.status, createdAt: row.created_at, plan: { durationDays: row.duration_days } };
      const seen = { id: row.id, complete: row.complete, expired: row.expired, live: row.live, group: groupOf(row) };
      expect(seen).toEqual({
        id: row.id,
        complete: isComplete(stake, row.now),
        expired: isExpired(stake, row.now),
        live: isLive(row.status),
        group: stakeGroup(stake, row.now),
      });
    }
    // The boundary is really among the rows: an active stake ending exactly now is expired and complete.
    const endingNow = rows.find(
      (row) => row.status === 'active' && row.created_at.getTime() + row.duration_days * 86_400_000 === row.now.getTime(),
    );
    expect(endingNow).toMatchObject({ expired: true, complete: true, running: false, in_complete_group: true });
  });
});
