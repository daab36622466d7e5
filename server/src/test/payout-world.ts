import { createPrivateKey, sign as cryptoSign } from 'node:crypto';
import { AuthorityType, createSetAuthorityInstruction, getAssociatedTokenAddressSync } from '@solana/spl-token';
import { Keypair, type PublicKey, Transaction } from '@solana/web3.js';
import { expect } from 'vitest';
import type { AdminSettings, AdminWithdrawal, Payout, PreparedPayout, Withdrawal } from '@stakedesk/shared/api-types';
import type { Chain } from '../chain/chain.js';
import type { SolanaChain } from '../chain/solana-chain.js';
import { DECIMALS, startChainStakingServer, tokens, type ChainStakingOptions, type ChainStakingServer } from './chain-staking-server.js';
import { FlakyChain } from './flaky-chain.js';
import type { TestChain } from '@stakedesk/test-support/test-chain';

export { DECIMALS, tokens };

/** An ed25519 signature of `message` by `keypair`, made outside web3.js (which refuses to sign for another key). */
export function signBytes(keypair: Keypair, message: Uint8Array): Buffer {
  const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
  const key = createPrivateKey({
    key: { kty: 'OKP', crv: 'Ed25519', d: b64url(keypair.secretKey.subarray(0, 32)), x: b64url(keypair.publicKey.toBytes()) },
    format: 'jwk',
  });
  return cryptoSign(null, message, key);
}

/**
 * The real app on the test chain (the real token programs) with a staking wallet whose key the
 * test holds: it signs prepared payouts as the operator's wallet would. The server sees the chain
 * through a FlakyChain (a provider that can drop, hold and lag), well-behaved until told otherwise.
 */
export async function startPayoutWorld(options: Omit<ChainStakingOptions, 'wrap'> = {}) {
  const { mintKind } = options;
  let flaky!: FlakyChain;
  const world: ChainStakingServer = await startChainStakingServer({
    ...options,
    wrap: (solana: SolanaChain, chain: TestChain): Chain => (flaky = new FlakyChain(solana, () => chain.blockHeight())),
  });
  const { api, chain, token, mint, stakingWallet } = world;

  /** A holder who staked `staked` and asked for an early withdrawal: 80% of it to pay (20% penalty). */
  async function pendingWithdrawal(staked = 1000): Promise<{ withdrawal: Withdrawal; holder: Keypair }> {
    // With a transfer fee the holder also pays the fee on top (a little over 1%); otherwise they send all they hold.
    const staker = await world.fundedHolder(mintKind === 'token-2022 1% fee' ? Math.ceil(staked * 1.02) : staked);
    const { holder, keypair } = staker;
    const stake = await world.stakeThroughIntent(staker, staked);
    const withdrawal = await api.request<Withdrawal>(
      'POST',
      '/api/withdrawals',
      { stakeId: stake.id, walletAddress: holder.wallet },
      { as: holder.wallet },
    );
    expect(withdrawal.status).toBe(201);
    return { withdrawal: withdrawal.body, holder: keypair };
  }

  /** Makes a pending withdrawal owed in `otherMint` (as if its deposit had been), from the staking wallet. */
  async function owedIn(otherMint: PublicKey, withdrawal: Withdrawal): Promise<void> {
    await api.db.query(
      `UPDATE stakes SET token_contract = :mint WHERE id = :stakeId; UPDATE withdrawals SET token_contract = :mint WHERE id = :id`,
      { replacements: { mint: otherMint.toBase58(), stakeId: withdrawal.stakeId, id: withdrawal.id } },
    );
  }

  const prepare = (withdrawalIds: number[], as = token) => api.request<PreparedPayout>('POST', '/api/admin/payouts', { withdrawalIds }, as);

  /** The staking wallet signs what the server prepared, unchanged (as a wallet's signTransaction does). */
  function sign(prepared: { transaction: string }, signer: Keypair = stakingWallet): Transaction {
    const transaction = Transaction.from(Buffer.from(prepared.transaction, 'base64'));
    transaction.partialSign(signer);
    return transaction;
  }

  const wire = (transaction: Transaction) => transaction.serialize({ requireAllSignatures: false, verifySignatures: false });

  const postSigned = (id: number, transaction: Transaction | string, as = token) =>
    api.request<Payout>(
      'POST',
      `/api/admin/payouts/${id}/signed`,
      { transaction: typeof transaction === 'string' ? transaction : wire(transaction).toString('base64') },
      as,
    );

  async function adminWithdrawal(id: number): Promise<AdminWithdrawal> {
    const list = await api.request<AdminWithdrawal[]>('GET', '/api/admin/withdrawals?limit=1000', undefined, token);
    return list.body.find((w) => w.id === id)!;
  }

  /** PUT /api/admin/settings as the panel sends it: the required fields as they are, and these changes. */
  async function saveSettings(changes: Record<string, unknown>) {
    const { tokenName, tokenSymbol, tokenContract, stakingWallet } = (
      await api.request<AdminSettings>('GET', '/api/admin/settings', undefined, token)
    ).body;
    return api.request<AdminSettings & { stepUpRequired?: boolean }>(
      'PUT',
      '/api/admin/settings',
      { tokenName, tokenSymbol, tokenContract, stakingWallet, ...changes },
      token,
    );
  }

  const payout = async (id: number) => (await api.request<Payout>('GET', `/api/admin/payouts/${id}`, undefined, token)).body;

  /** Follows until the payout ends or `rounds` pass. */
  async function followUntilEnded(id: number, rounds = 5): Promise<Payout> {
    for (let round = 0; round < rounds; round++) {
      await api.followChain();
      const current = await payout(id);
      if (current.status !== 'prepared' && current.status !== 'sent') return current;
    }
    return payout(id);
  }

  /** Sends a signed copy straight to the chain, as a wallet or an RPC that held it would. */
  async function land(transaction: Transaction): Promise<string> {
    const signature = await chain.sendTransaction(transaction);
    flaky.noteLanded(signature);
    return signature;
  }

  /** The holder hands their token account of the mint to another wallet (SetAuthority AccountOwner, as the classic program allows). */
  async function giveAccountAway(holder: Keypair): Promise<{ accomplice: Keypair; account: PublicKey }> {
    const accomplice = Keypair.generate();
    const account = getAssociatedTokenAddressSync(mint, holder.publicKey);
    const giveAway = createSetAuthorityInstruction(account, holder.publicKey, AuthorityType.AccountOwner, accomplice.publicKey);
    await chain.sendTransaction(new Transaction({ feePayer: holder.publicKey }).add(giveAway), [holder]);
    return { accomplice, account };
  }

  return {
    ...world,
    giveAccountAway,
    flaky: () => flaky,
    pendingWithdrawal,
    owedIn,
    prepare,
    sign,
    wire,
    postSigned,
    adminWithdrawal,
    saveSettings,
    payout,
    followUntilEnded,
    land,
  };
}

export type PayoutWorld = Awaited<ReturnType<typeof startPayoutWorld>>;
