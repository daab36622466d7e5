import { describe, expect, it } from 'vitest';
import { forgetPending, readPending, rememberPending, retryPending, type IntentState, type PendingDeposit } from './pending-deposits.js';

function memoryStore() {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
}

const sent = (txId: string, walletAddress = 'WalletA'): PendingDeposit => ({ txId, planId: 1, amount: '1000', walletAddress });

/** Kept from the moment its intent was made; `txId` once the wallet sent it. */
const intended = (intentId: number, expiresAt: string, txId?: string): PendingDeposit => ({
  intentId,
  reference: `Ref${intentId}`,
  expiresAt,
  planId: 1,
  amount: '1000',
  walletAddress: 'WalletA',
  ...(txId ? { txId } : {}),
});

const never = (): Promise<IntentState> => Promise.reject(new Error('not asked'));

describe('pending deposits', () => {
  it('keeps each deposit once, by its reference (or signature), until it is forgotten', () => {
    const store = memoryStore();
    rememberPending(store, sent('tx1'));
    rememberPending(store, sent('tx1'));
    rememberPending(store, intended(7, '2030-01-01T00:00:00Z'));
    rememberPending(store, intended(7, '2030-01-01T00:00:00Z', 'tx7'));
    expect(readPending(store).map((d) => d.txId)).toEqual(['tx1', 'tx7']);
    forgetPending(store, sent('tx1'));
    expect(readPending(store).map((d) => d.reference)).toEqual(['Ref7']);
  });

  it('reads damaged storage as empty rather than failing', () => {
    const store = memoryStore();
    store.setItem('stakedesk.pendingDeposits', '{not json');
    expect(readPending(store)).toEqual([]);
  });

  it('forgets what the server recorded or refused for good, and keeps what it could not judge (not found yet included)', async () => {
    const store = memoryStore();
    for (const txId of ['created', 'replayed', 'disproved', 'reused', 'notFoundYet', 'offline']) rememberPending(store, sent(txId));
    rememberPending(store, sent('other-wallet', 'WalletB'));
    const answers: Record<string, number | Error> = {
      created: 201,
      replayed: 200,
      disproved: 422,
      reused: 409,
      notFoundYet: 503,
      offline: new TypeError('Failed to fetch'),
    };
    const asked: string[] = [];
    const result = await retryPending(store, 'WalletA', {
      record: async ({ txId }) => {
        asked.push(txId);
        const answer = answers[txId]!;
        if (answer instanceof Error) throw answer;
        return answer;
      },
      intent: never,
    });
    expect(asked).not.toContain('other-wallet');
    expect(result.recorded.map((d) => d.txId)).toEqual(['created', 'replayed']);
    expect(result.refused.map((d) => d.txId)).toEqual(['disproved', 'reused']);
    expect(readPending(store).map((d) => d.txId)).toEqual(['notFoundYet', 'offline', 'other-wallet']);
  });

  it('asks about an intent whose signature the page never learned: kept until recorded, or until its offer ended with nothing found', async () => {
    const store = memoryStore();
    const future = new Date(Date.now() + 60_000).toISOString();
    const past = new Date(Date.now() - 60_000).toISOString();
    rememberPending(store, intended(1, future)); // the server found and recorded it
    rememberPending(store, intended(2, future)); // not found yet, still offered
    rememberPending(store, intended(3, past)); // offer over, nothing was ever sent
    rememberPending(store, intended(4, past)); // the server is down
    const states: Record<number, IntentState | Error> = {
      1: { status: 200, stakeId: 41 },
      2: { status: 200, stakeId: null },
      3: { status: 200, stakeId: null },
      4: new TypeError('Failed to fetch'),
    };
    const result = await retryPending(store, 'WalletA', {
      record: () => Promise.reject(new Error('no signature to post')),
      intent: async (id) => {
        const state = states[id]!;
        if (state instanceof Error) throw state;
        return state;
      },
    });
    expect(result.recorded.map((d) => d.intentId)).toEqual([1]);
    expect(result.refused.map((d) => d.intentId)).toEqual([3]);
    expect(readPending(store).map((d) => d.intentId)).toEqual([2, 4]);
  });
});
