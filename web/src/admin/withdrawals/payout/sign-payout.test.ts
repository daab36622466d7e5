import { Keypair, SystemProgram, Transaction } from '@solana/web3.js';
import bs58 from 'bs58';
import { describe, expect, it, vi } from 'vitest';
import type { Payout, PreparedPayout } from '@stakedesk/shared/api-types';
import { ApiError } from '../../../lib/api-client.js';
import type { PhantomProvider } from '../../../lib/wallet/phantom.js';
import { PayoutError } from './payout-errors.js';
import { signAndPostPayout, type SignedCopy } from './sign-payout.js';

const staking = Keypair.generate();

/** A transaction as the server prepares it: unsigned, the staking wallet paying, base64. */
function prepared(): PreparedPayout {
  const transaction = new Transaction({ feePayer: staking.publicKey, recentBlockhash: Keypair.generate().publicKey.toBase58() }).add(
    SystemProgram.transfer({ fromPubkey: staking.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1 }),
  );
  const wire = transaction.serialize({ requireAllSignatures: false, verifySignatures: false });
  return { id: 7, status: 'prepared', payer: staking.publicKey.toBase58(), transaction: wire.toString('base64') } as PreparedPayout;
}

const messageOf = (base64: string) => Transaction.from(Buffer.from(base64, 'base64')).serializeMessage();
const sent = { id: 7, status: 'sent' } as Payout;

/** A wallet that signs what it is given; without `signTransaction` it can only sign and send. */
function wallet({ signOnly = true, decline = false } = {}) {
  const calls: string[] = [];
  const sign = async (transaction: Transaction) => {
    if (decline) throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
    transaction.partialSign(staking);
    return transaction;
  };
  const provider = {
    async signAndSendTransaction(transaction: Transaction) {
      calls.push('signAndSendTransaction');
      return { signature: bs58.encode((await sign(transaction)).signature!) };
    },
    ...(signOnly && {
      async signTransaction(transaction: Transaction) {
        calls.push('signTransaction');
        return sign(transaction);
      },
    }),
  } as unknown as PhantomProvider;
  return { provider, calls };
}

const notOnChainYet = () => new ApiError(503, 'not on chain yet', { code: 'notYetOnChain', retryable: true });

describe('signing a prepared payout', () => {
  it('posts the signed copy of exactly the prepared message, with a signature that verifies; the wallet never sends', async () => {
    const payout = prepared();
    const { provider, calls } = wallet();
    const posted: SignedCopy[] = [];
    expect(await signAndPostPayout({ provider, prepared: payout, post: async (copy) => (posted.push(copy), sent) })).toBe(sent);

    expect(calls).toEqual(['signTransaction']);
    const copy = posted[0] as { transaction: string };
    expect(posted).toHaveLength(1);
    expect(messageOf(copy.transaction)).toEqual(messageOf(payout.transaction));
    expect(Transaction.from(Buffer.from(copy.transaction, 'base64')).verifySignatures()).toBe(true);
  });

  it('with a wallet that can only sign and send, posts its signature until the chain shows the transaction', async () => {
    const { provider, calls } = wallet({ signOnly: false });
    const post = vi.fn<(copy: SignedCopy) => Promise<Payout>>().mockRejectedValueOnce(notOnChainYet()).mockResolvedValueOnce(sent);
    expect(await signAndPostPayout({ provider, prepared: prepared(), post, retryEveryMs: 1 })).toBe(sent);

    expect(calls).toEqual(['signAndSendTransaction']);
    expect(post).toHaveBeenCalledTimes(2);
    expect(post.mock.calls[0]![0]).toEqual({ signature: expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/) });
  });

  it('stops posting after the wait and says it was sent but not found yet (the server keeps looking)', async () => {
    const { provider } = wallet({ signOnly: false });
    const post = vi.fn(() => Promise.reject(notOnChainYet()));
    const failure = signAndPostPayout({ provider, prepared: prepared(), post, retryForMs: 30, retryEveryMs: 10 });
    await expect(failure).rejects.toBeInstanceOf(PayoutError);
    await expect(failure).rejects.toMatchObject({ code: 'sentNotFound' });
    expect(post.mock.calls.length).toBeGreaterThan(1);
    expect(post.mock.calls.length).toBeLessThan(6);
  });

  it("passes the server's refusal on as it is, once (an altered transaction is never posted again)", async () => {
    const { provider } = wallet();
    const altered = new ApiError(422, 'altered', { code: 'payoutTransactionAltered' });
    const post = vi.fn(() => Promise.reject(altered));
    await expect(signAndPostPayout({ provider, prepared: prepared(), post })).rejects.toBe(altered);
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('posts nothing when the operator declines in the wallet', async () => {
    for (const signOnly of [true, false]) {
      const { provider } = wallet({ signOnly, decline: true });
      const post = vi.fn(async () => sent);
      await expect(signAndPostPayout({ provider, prepared: prepared(), post })).rejects.toMatchObject({ code: 'rejected' });
      expect(post).not.toHaveBeenCalled();
    }
  });
});
