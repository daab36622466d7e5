import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingLogger } from '../test/recording-logger.js';
import { startTestServer, type TestServer } from '../test/test-server.js';
import { standardWebhookReceiver } from '../test/webhook-receiver.js';
import { emitAlert } from './emit-alert.js';

// Money events that need a person are one warning line in the server's log, whether or not a
// webhook listens (an operator watching the console, or a log shipper, sees them), once, and only
// when what raised them was committed.
const { logger, warnings } = recordingLogger();
let api: TestServer;
beforeAll(async () => {
  api = await startTestServer({ logger, allowPrivateRpc: true });
  // The delivery queue runs in this process (as in the server), with a webhook for something else.
  await standardWebhookReceiver(api, await api.login(), ['withdrawal.requested'], logger);
});
afterAll(() => api.close());

describe('a money event that needs a person', () => {
  it('is one warning line saying what happened, for a payout to review, a failed reserves check and an unexplained outflow', async () => {
    const before = warnings().length;
    await emitAlert(api.db, 'payout.needs_review', { payoutId: 7, reason: 'the holder received 900 of 1000 owed' });
    await emitAlert(api.db, 'reserves.check_failed', {
      snapshotId: 3,
      wallet: 'Holder1',
      code: 'leafMismatch',
      reason: 'your stake is not in the proof',
    });
    await api.db.transaction((transaction) =>
      emitAlert(
        api.db,
        'treasury.unexplained_outflow',
        { signature: 'sig1', account: 'acct1', owner: 'Staking1', amount: '50', symbol: 'SDT', blockTime: null },
        transaction,
      ),
    );
    expect(warnings().slice(before)).toEqual([
      'Payout #7 needs review: the holder received 900 of 1000 owed. Its withdrawals stay held until an owner resolves them.',
      'Proof of reserves: the check of snapshot #3 failed in the browser of Holder1 (your stake is not in the proof). Further failures of this snapshot are counted, not alerted.',
      '50 SDT left Staking1 (token account acct1) in transaction sig1, which no payout the server built and no verified TXID explains. Automatic payouts are stopped until an owner explains it in the Reconciliation tab.',
    ]);
  });

  it('is not logged when what raised it was rolled back, nor for events that need nobody', async () => {
    const before = warnings().length;
    await api.db
      .transaction(async (transaction) => {
        await emitAlert(api.db, 'payout.needs_review', { payoutId: 8, reason: 'never committed' }, transaction);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await emitAlert(api.db, 'payout.completed', { payoutId: 9, signature: 'sig2', withdrawals: 1 });
    expect(warnings().slice(before)).toEqual([]);
  });
});
