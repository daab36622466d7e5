import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Keypair } from '@solana/web3.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminSettings, AutoPayoutStatus, TreasuryCoverage } from '@stakedesk/shared/api-types';
import type { AutoPayoutPolicy } from '@stakedesk/shared/auto-payout';
import { openPayoutSigner } from '../signer/open-payout-signer.js';
import { listenToAdminEvents } from '../test/admin-events.js';
import { alertInbox } from '../test/alert-inbox.js';
import { recordingLogger } from '../test/recording-logger.js';
import { STEP_UP } from '../test/test-server.js';
import { startPayoutWorld, tokens, type PayoutWorld } from '../test/payout-world.js';

// Automatic payouts on the test chain (the real token program): the server pays withdrawals within
// the owner's policy by itself from the hot wallet, through the same prepare-sign-check-send path as
// an operator's payout, and stops on any anomaly or at the owner's switch.
const hot = Keypair.generate();
const keyDir = mkdtempSync(path.join(tmpdir(), 'stakedesk-hot-'));
const keyFile = path.join(keyDir, 'hot.json');
writeFileSync(keyFile, JSON.stringify(Array.from(hot.secretKey)), { mode: 0o600 });
const HOT_FLOAT = 50_000;
const log = recordingLogger();

let world: PayoutWorld;

beforeAll(async () => {
  world = await startPayoutWorld({ payoutSigner: openPayoutSigner(`keyfile:${keyFile}`)!, allowPrivateRpc: true, logger: log.logger });
  await world.chain.airdrop(hot.publicKey, 10_000_000_000);
  await world.chain.mintTo(world.mint, hot.publicKey, tokens(HOT_FLOAT));
}, 60_000);
afterAll(async () => {
  await world.close();
  rmSync(keyDir, { recursive: true, force: true });
});

const POLICY: AutoPayoutPolicy = {
  enabled: true,
  maxPerWithdrawal: '1000',
  maxPer24h: '100000',
  minHotBalance: '100',
  newWalletDelayHours: 0,
};

/** Saves the policy as the panel does: with the settings' required fields as they are. */
function setPolicy(policy: Partial<AutoPayoutPolicy>, stepUp: object = STEP_UP) {
  return world.saveSettings({ autoPayout: { ...POLICY, ...policy }, ...stepUp });
}

const status = async () => (await world.api.request<AutoPayoutStatus>('GET', '/api/admin/auto-payouts', undefined, world.token)).body;
const sends = () => world.flaky().sent.length;

/** Pays every withdrawal still open: tests start from no pending withdrawal. */
async function settleLeftovers() {
  world.flaky().heightsBehind = 0;
  world.flaky().beforeSend = null;
  await setPolicy({ enabled: false });
  const pending = await world.api.request<{ id: number; status: string; payout: { holds: boolean } | null }[]>(
    'GET',
    '/api/admin/withdrawals?status=pending&limit=1000',
    undefined,
    world.token,
  );
  for (const withdrawal of pending.body) {
    if (withdrawal.payout?.holds) continue;
    await world.api.request('PUT', `/api/admin/withdrawals/${withdrawal.id}`, { status: 'rejected', reason: 'test clean-up' }, world.token);
  }
}

beforeEach(settleLeftovers);

describe('a withdrawal within policy', () => {
  it('is paid by the server alone from the hot wallet, verified like any payout, audited as policy', async () => {
    expect((await setPolicy({})).status).toBe(200);
    const { withdrawal, holder } = await world.pendingWithdrawal(1000);
    const before = world.chain.tokenBalance(world.mint, holder.publicKey);
    const round = await world.api.autoPayouts();
    expect(round).toMatchObject({ stoppedBy: [], paid: [withdrawal.id], held: [] });

    const listed = await world.adminWithdrawal(withdrawal.id);
    expect(listed.payout).toMatchObject({ status: 'sent', holds: true });
    const payout = await world.followUntilEnded(listed.payout!.id);
    expect(payout).toMatchObject({ status: 'completed', payer: hot.publicKey.toBase58(), createdBy: 'policy' });
    expect(await world.adminWithdrawal(withdrawal.id)).toMatchObject({ status: 'completed', autoPayoutHold: null });
    expect(world.chain.tokenBalance(world.mint, holder.publicKey) - before).toBe(tokens(800));

    const audit = await world.api.request<{ action: string; adminUsername: string }[]>(
      'GET',
      '/api/admin/audit-log?limit=20',
      undefined,
      world.token,
    );
    const byPolicy = audit.body.filter((entry) => entry.adminUsername === 'policy').map((entry) => entry.action);
    expect(byPolicy).toEqual(expect.arrayContaining(['payout.prepare', 'payout.send']));

    // The treasury counts the hot wallet's tokens and says how long they last at this week's rate.
    const treasury = (await world.api.request<TreasuryCoverage>('GET', '/api/admin/treasury', undefined, world.token)).body;
    expect(treasury.hotWallet).toMatchObject({ address: hot.publicKey.toBase58(), paidLast7Days: '800' });
    expect(Number(treasury.hotWallet!.balance)).toBe(HOT_FLOAT - 800);
    expect(treasury.hotWallet!.lastsDays).toBeCloseTo(((HOT_FLOAT - 800) / 800) * 7, 0);
    expect(Number(treasury.heldBalance)).toBe(Number(treasury.balance) + HOT_FLOAT - 800);
  });
});

describe('beyond policy, the withdrawal waits for an operator with the reason shown', () => {
  it('over the per-withdrawal limit', async () => {
    await setPolicy({ maxPerWithdrawal: '500' });
    const { withdrawal } = await world.pendingWithdrawal(1000);
    const before = sends();
    expect(await world.api.autoPayouts()).toMatchObject({ paid: [], held: [withdrawal.id] });
    expect(sends()).toBe(before);
    expect(await world.adminWithdrawal(withdrawal.id)).toMatchObject({
      status: 'pending',
      payout: null,
      autoPayoutHold: { code: 'autoPayoutOverWithdrawalLimit', params: { limit: { tokens: '500', symbol: 'CHN' } } },
    });
    // Turned off, nothing waits for the policy any more.
    await setPolicy({ enabled: false });
    expect(await world.adminWithdrawal(withdrawal.id)).toMatchObject({ status: 'pending', autoPayoutHold: null });
  });

  it('past the 24-hour limit: the first is paid, the next one waits', async () => {
    const paidSoFar = (await status()).paidLast24h;
    await setPolicy({ maxPer24h: String(Number(paidSoFar) + 1000) });
    const first = await world.pendingWithdrawal(1000);
    const second = await world.pendingWithdrawal(1000);
    expect(await world.api.autoPayouts()).toMatchObject({ paid: [first.withdrawal.id], held: [second.withdrawal.id] });
    expect((await world.adminWithdrawal(second.withdrawal.id)).autoPayoutHold).toMatchObject({ code: 'autoPayoutOverDailyLimit' });
  });

  it('a wallet never paid before waits the delay, then is paid (a simulated clock)', async () => {
    await setPolicy({ newWalletDelayHours: 24 });
    const { withdrawal } = await world.pendingWithdrawal(1000);
    expect(await world.api.autoPayouts()).toMatchObject({ paid: [], held: [withdrawal.id] });
    expect((await world.adminWithdrawal(withdrawal.id)).autoPayoutHold).toMatchObject({ code: 'autoPayoutNewWallet' });
    const tomorrow = () => new Date(Date.now() + 25 * 3_600_000);
    expect(await world.api.autoPayouts(tomorrow)).toMatchObject({ paid: [withdrawal.id], held: [] });
    expect(await world.adminWithdrawal(withdrawal.id)).toMatchObject({ autoPayoutHold: null, payout: { status: 'sent' } });
  });
});

describe('the panels hear at once what a round changed', () => {
  it('a withdrawal left to an operator, automatic payouts stopping and resuming; a round that changes nothing says nothing', async () => {
    const events = await listenToAdminEvents(world.api.databaseUrl);
    try {
      await setPolicy({ maxPerWithdrawal: '500' });
      await world.api.autoPayouts();
      await world.pendingWithdrawal(1000);
      await events.ofType('autoPayouts.changed');
      expect(await world.api.autoPayouts()).toMatchObject({ held: [expect.any(Number)] });
      expect(await events.ofType('autoPayouts.changed')).toEqual([{ type: 'autoPayouts.changed' }]);
      // The same hold seen again, the same readings: nothing new to show.
      await world.api.autoPayouts();
      expect(await events.ofType('autoPayouts.changed')).toEqual([]);

      await setPolicy({ maxPerWithdrawal: '500', minHotBalance: String(HOT_FLOAT * 2) });
      await events.ofType('autoPayouts.changed');
      expect(await world.api.autoPayouts()).toMatchObject({ stoppedBy: [{ code: 'autoPayoutHotLow' }] });
      expect(await events.ofType('autoPayouts.changed')).toEqual([{ type: 'autoPayouts.changed' }]);
      await world.api.autoPayouts();
      expect(await events.ofType('autoPayouts.changed')).toEqual([]);
      await setPolicy({ maxPerWithdrawal: '500' });
      await events.ofType('autoPayouts.changed');
      expect(await world.api.autoPayouts()).toMatchObject({ stoppedBy: [] });
      expect(await events.ofType('autoPayouts.changed')).toEqual([{ type: 'autoPayouts.changed' }]);
    } finally {
      await events.close();
    }
  });
});

describe('the automation stops by itself on an anomaly, and resumes when it is over', () => {
  it('the hot wallet below its minimum, with one hot_wallet.low alert from the treasury watch', async () => {
    const alerts = await alertInbox(world.api, world.token, ['hot_wallet.low']);
    // What the earlier tests left in it, in whole tokens (they pay from it).
    const hotBalance = String(world.chain.tokenBalance(world.mint, hot.publicKey) / tokens(1));
    await setPolicy({ minHotBalance: String(HOT_FLOAT * 2) });
    const { withdrawal } = await world.pendingWithdrawal(1000);
    const warned = log.warnings().length;
    const round = await world.api.autoPayouts();
    expect(round).toMatchObject({ paid: [], stoppedBy: [{ code: 'autoPayoutHotLow' }] });
    // The console says it once, when they stop, however many rounds find them stopped.
    await world.api.autoPayouts();
    expect(log.warnings().slice(warned)).toEqual([
      `Automatic payouts stopped. The hot wallet holds ${Number(hotBalance).toLocaleString('en-US')} CHN, below the minimum of ${(HOT_FLOAT * 2).toLocaleString('en-US')} CHN`,
    ]);
    expect(await world.api.treasuryWatch()).toEqual(['hot_wallet.low']);
    // Once when it begins, not once a look.
    expect(await world.api.treasuryWatch()).toEqual([]);
    expect(await alerts()).toEqual([
      {
        event: 'hot_wallet.low',
        data: { wallet: hot.publicKey.toBase58(), balance: hotBalance, minimum: String(HOT_FLOAT * 2), symbol: 'CHN' },
      },
    ]);
    expect(await status()).toMatchObject({ running: false, stoppedBy: [{ code: 'autoPayoutHotLow' }] });
    await setPolicy({});
    expect(await world.api.autoPayouts()).toMatchObject({ paid: [withdrawal.id], stoppedBy: [] });
    expect(await status()).toMatchObject({ running: true, stoppedBy: [] });
    // Over, then begun again: announced again.
    expect(await world.api.treasuryWatch()).toEqual([]);
    await setPolicy({ minHotBalance: String(HOT_FLOAT * 2) });
    expect(await world.api.treasuryWatch()).toEqual(['hot_wallet.low']);
  });

  it('RPC answers that disagree: a finalized height far below one it reported before', async () => {
    await setPolicy({});
    await world.api.autoPayouts();
    world.flaky().heightsBehind = 1_000;
    const { withdrawal } = await world.pendingWithdrawal(1000);
    const before = sends();
    expect(await world.api.autoPayouts()).toMatchObject({ paid: [], stoppedBy: [{ code: 'autoPayoutRpcHeightFell' }] });
    expect(sends()).toBe(before);
    world.flaky().heightsBehind = 0;
    expect(await world.api.autoPayouts()).toMatchObject({ paid: [withdrawal.id] });
  });

  it('the treasury not covering what is owed, announced once by the treasury watch even with automation off', async () => {
    const alerts = await alertInbox(world.api, world.token, ['treasury.uncovered']);
    await setPolicy({});
    const { withdrawal } = await world.pendingWithdrawal(1000);
    // Owed far more than the staking and hot wallets hold together (a withdrawal recorded as owing a billion).
    const owe = (amount: string) =>
      world.api.db.query(`UPDATE withdrawals SET final_amount = :amount WHERE id = :id`, {
        replacements: { id: withdrawal.id, amount },
      });
    await owe('999999999');
    expect(await world.api.autoPayouts()).toMatchObject({ paid: [], stoppedBy: [{ code: 'autoPayoutTreasuryUncovered' }] });
    await setPolicy({ enabled: false });
    expect(await world.api.treasuryWatch()).toEqual(['treasury.uncovered']);
    expect(await world.api.treasuryWatch()).toEqual([]);
    // The RPC down: the treasury cannot be read, which neither ends nor begins anything.
    world.flaky().reachable = false;
    expect(await world.api.treasuryWatch()).toEqual([]);
    world.flaky().reachable = true;
    expect(await world.api.treasuryWatch()).toEqual([]);
    const [alert] = await alerts();
    expect(alert).toMatchObject({ event: 'treasury.uncovered', data: { liabilities: expect.any(String), symbol: 'CHN' } });
    expect(await alerts()).toHaveLength(1);
    await owe('800');
    await setPolicy({});
    expect(await world.api.autoPayouts()).toMatchObject({ paid: [withdrawal.id], stoppedBy: [] });
    expect(await world.api.treasuryWatch()).toEqual([]);
  });

  it('a payout needing review stops it until an owner resolves the payout', async () => {
    await setPolicy({ enabled: false });
    const { withdrawal, holder } = await world.pendingWithdrawal(1000);
    const prepared = (await world.prepare([withdrawal.id])).body;
    await world.giveAccountAway(holder);
    await world.postSigned(prepared.id, world.sign(prepared));
    expect(await world.followUntilEnded(prepared.id)).toMatchObject({ status: 'needs_review' });

    await setPolicy({});
    const other = await world.pendingWithdrawal(1000);
    expect(await world.api.autoPayouts()).toMatchObject({
      paid: [],
      stoppedBy: [{ code: 'autoPayoutReviewOpen', params: { id: prepared.id } }],
    });
    const resolved = await world.api.request(
      'POST',
      `/api/admin/withdrawals/${withdrawal.id}/resolve`,
      { action: 'paid', note: 'the holder confirmed receipt', ...STEP_UP },
      world.token,
    );
    expect(resolved.status).toBe(200);
    expect(await world.api.autoPayouts()).toMatchObject({ paid: [other.withdrawal.id], stoppedBy: [] });
  });
});

describe("the owner's switch", () => {
  it('stops the automation mid-queue: after it is turned off nothing more is sent', async () => {
    await setPolicy({});
    const queue = [await world.pendingWithdrawal(1000), await world.pendingWithdrawal(1000), await world.pendingWithdrawal(1000)];
    // The owner turns it off while the first payout is being sent.
    world.flaky().beforeSend = async () => {
      world.flaky().beforeSend = null;
      expect((await setPolicy({ enabled: false }, {})).status).toBe(200);
    };
    const before = sends();
    const round = await world.api.autoPayouts();
    expect(round.paid).toEqual([queue[0]!.withdrawal.id]);
    expect(sends()).toBe(before + 1);
    for (const { withdrawal } of queue.slice(1)) {
      expect(await world.adminWithdrawal(withdrawal.id)).toMatchObject({ status: 'pending', payout: null });
    }
    expect(await world.api.autoPayouts()).toMatchObject({ paid: [], held: [] });
    expect(sends()).toBe(before + 1);
  });

  it('turning it off needs no step-up; turning it on or raising a limit does, and only an owner may', async () => {
    expect((await setPolicy({ enabled: false }, {})).status).toBe(200);
    expect(await setPolicy({}, {})).toMatchObject({ status: 403, body: { stepUpRequired: true } });
    expect((await world.api.request<AdminSettings>('GET', '/api/admin/settings', undefined, world.token)).body.autoPayout.enabled).toBe(
      false,
    );
    expect((await setPolicy({})).status).toBe(200);
    expect(await setPolicy({ maxPerWithdrawal: '1000000' }, {})).toMatchObject({ status: 403, body: { stepUpRequired: true } });
  });
});

describe('two instances', () => {
  it('running rounds at the same moment never pay one withdrawal twice', async () => {
    await setPolicy({});
    const queue = [await world.pendingWithdrawal(1000), await world.pendingWithdrawal(1000)];
    const before = sends();
    const rounds = await Promise.all([world.api.autoPayouts(), world.api.autoPayouts(), world.api.autoPayouts()]);
    const paid = rounds.flatMap((round) => round.paid).sort((a, b) => a - b);
    expect(paid).toEqual(queue.map(({ withdrawal }) => withdrawal.id).sort((a, b) => a - b));
    expect(sends()).toBe(before + 2);
    for (const { withdrawal } of queue) {
      const listed = await world.adminWithdrawal(withdrawal.id);
      expect(await world.followUntilEnded(listed.payout!.id)).toMatchObject({ status: 'completed' });
    }
  });
});

describe('a withdrawal at or above the approval threshold (DESIGN 17)', () => {
  async function setThreshold(approvalThreshold: string) {
    expect((await world.saveSettings({ approvalThreshold, ...STEP_UP })).status).toBe(200);
  }

  it('is left alone until an admin approves it, with the reason shown, and then paid by the server', async () => {
    expect((await setPolicy({})).status).toBe(200);
    await setThreshold('800');
    try {
      const { withdrawal } = await world.pendingWithdrawal(1000);
      const sent = sends();
      expect(await world.api.autoPayouts()).toMatchObject({ stoppedBy: [], paid: [], held: [withdrawal.id] });
      expect(sends()).toBe(sent);
      expect(await world.adminWithdrawal(withdrawal.id)).toMatchObject({
        payout: null,
        approvalRequired: true,
        autoPayoutHold: { code: 'autoPayoutAwaitingApproval', params: { threshold: { tokens: '800' } } },
      });
      // Noted once: later rounds pass it by while it waits.
      expect(await world.api.autoPayouts()).toMatchObject({ paid: [], held: [] });

      const approved = await world.api.request('POST', `/api/admin/withdrawals/${withdrawal.id}/approve`, undefined, world.token);
      expect(approved.status).toBe(200);
      expect(await world.api.autoPayouts()).toMatchObject({ paid: [withdrawal.id], held: [] });
      expect(sends()).toBe(sent + 1);
    } finally {
      await setThreshold('');
    }
  });
});
