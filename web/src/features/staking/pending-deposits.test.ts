import { describe, expect, it } from 'vitest';
import { forgetPending, readPending, rememberPending, retryPending, type PendingDeposit } from './pending-deposits.js';

function memoryStore() {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
}

const deposit = (txId: string, walletAddress = 'WalletA'): PendingDeposit => ({
  txId,
  planId: 1,
  amount: '1000',
  walletAddress,
  sentAt: '2026-11-23T10:00:00.000Z',
});

describe('pending deposits', () => {
  it('keeps each sent deposit once until it is forgotten', () => {
    const store = memoryStore();
    rememberPending(store, deposit('tx1'));
    rememberPending(store, deposit('tx1'));
    rememberPending(store, deposit('tx2'));
    expect(readPending(store).map((d) => d.txId)).toEqual(['tx1', 'tx2']);
    forgetPending(store, 'tx1');
    expect(readPending(store).map((d) => d.txId)).toEqual(['tx2']);
  });

  it('reads damaged storage as empty rather than failing', () => {
    const store = memoryStore();
    store.setItem('stakedesk.pendingDeposits', '{not json');
    expect(readPending(store)).toEqual([]);
  });

  it('forgets what the server recorded or refused for good, and keeps what it could not judge', async () => {
    const store = memoryStore();
    for (const txId of ['created', 'replayed', 'disproved', 'reused', 'maintenance', 'offline']) rememberPending(store, deposit(txId));
    rememberPending(store, deposit('other-wallet', 'WalletB'));
    const answers: Record<string, number | Error> = {
      created: 201,
      replayed: 200,
      disproved: 422,
      reused: 409,
      maintenance: 503,
      offline: new TypeError('Failed to fetch'),
    };
    const sent: string[] = [];
    const result = await retryPending(store, 'WalletA', async ({ txId }) => {
      sent.push(txId);
      const answer = answers[txId]!;
      if (answer instanceof Error) throw answer;
      return answer;
    });
    expect(sent).not.toContain('other-wallet');
    expect(result.recorded.map((d) => d.txId)).toEqual(['created', 'replayed']);
    expect(result.refused.map((d) => d.txId)).toEqual(['disproved', 'reused']);
    expect(readPending(store).map((d) => d.txId)).toEqual(['maintenance', 'offline', 'other-wallet']);
  });
});
