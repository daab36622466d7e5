import {
  AuthorityType,
  createAssociatedTokenAccountIdempotentInstruction,
  createMintToInstruction,
  createSetAuthorityInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token';
import { Keypair, LAMPORTS_PER_SOL, Transaction, type Connection, type PublicKey, type TransactionInstruction } from '@solana/web3.js';
import bs58 from 'bs58';
import type { Payout, PreparedPayout, Stake, StakingPlan, Withdrawal } from '@stakedesk/shared/api-types';
import { signEd25519 } from './ed25519.js';

/**
 * A payout that lands in someone else's hands, made through the real API and the real token
 * program, as the server's own test does: the server prepares it, the holder hands its token
 * account to another owner (SetAuthority), the staking wallet signs the prepared transaction
 * unchanged and it is posted; the server then finds the tokens went to the wrong owner and holds
 * the withdrawal for an owner's review. For the browser suite and the desktop renderer suite alike:
 * everything it needs of a run is passed in.
 */
export type ReviewRun = {
  baseURL: string;
  /** An admin who may prepare and post payouts (operator or owner). */
  adminToken: string;
  connection: Connection;
  mint: PublicKey;
  decimals: number;
  /** Holds SOL for fees; receives the deposit. */
  stakingWallet: Keypair;
  mintAuthority: Keypair;
};

export type PayoutUnderReview = { holder: Keypair; accomplice: PublicKey; tokenAccount: PublicKey; withdrawal: Withdrawal; payout: Payout };

async function call<T>(run: ReviewRun, method: string, path: string, body?: unknown, auth: { cookie?: string; token?: string } = {}) {
  const response = await fetch(`${run.baseURL}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(auth.cookie ? { cookie: auth.cookie } : {}),
      ...(auth.token ? { authorization: `Bearer ${auth.token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return { body: (await response.json()) as T, headers: response.headers };
}

async function confirmed(connection: Connection, signature: string): Promise<void> {
  for (let tries = 0; tries < 300; tries++) {
    const status = (await connection.getSignatureStatuses([signature])).value[0];
    if (status?.err) throw new Error(`${signature} failed: ${JSON.stringify(status.err)}`);
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${signature} was not confirmed`);
}

async function send(run: ReviewRun, instructions: TransactionInstruction[], [payer, ...others]: [Keypair, ...Keypair[]]): Promise<string> {
  const { blockhash, lastValidBlockHeight } = await run.connection.getLatestBlockhash();
  const transaction = new Transaction({ feePayer: payer.publicKey, blockhash, lastValidBlockHeight }).add(...instructions);
  transaction.sign(payer, ...others);
  const signature = await run.connection.sendRawTransaction(transaction.serialize());
  await confirmed(run.connection, signature);
  return signature;
}

/** The holder's session: the server's sign-in message signed with the holder's key, as its wallet would. */
async function signIn(run: ReviewRun, holder: Keypair): Promise<string> {
  const walletAddress = holder.publicKey.toBase58();
  const { body } = await call<{ message: string }>(run, 'POST', '/api/auth/nonce', { walletAddress });
  const signature = bs58.encode(signEd25519(holder, new TextEncoder().encode(body.message)));
  const { headers } = await call(run, 'POST', '/api/auth/verify', { walletAddress, message: body.message, signature });
  return headers.get('set-cookie')!.split(';')[0]!;
}

/** A holder who staked `amount` in `planName` (a real deposit) and asked to withdraw it. */
async function pendingWithdrawal(run: ReviewRun, amount: number, planName: string): Promise<{ holder: Keypair; withdrawal: Withdrawal }> {
  const holder = Keypair.generate();
  const raw = BigInt(amount) * 10n ** BigInt(run.decimals);
  await confirmed(run.connection, await run.connection.requestAirdrop(holder.publicKey, LAMPORTS_PER_SOL));
  const holderAccount = getAssociatedTokenAddressSync(run.mint, holder.publicKey);
  const stakingAccount = getAssociatedTokenAddressSync(run.mint, run.stakingWallet.publicKey);
  await send(
    run,
    [
      createAssociatedTokenAccountIdempotentInstruction(run.mintAuthority.publicKey, holderAccount, holder.publicKey, run.mint),
      createMintToInstruction(run.mint, holderAccount, run.mintAuthority.publicKey, raw),
    ],
    [run.mintAuthority],
  );
  const txId = await send(
    run,
    [
      createAssociatedTokenAccountIdempotentInstruction(holder.publicKey, stakingAccount, run.stakingWallet.publicKey, run.mint),
      createTransferCheckedInstruction(holderAccount, run.mint, stakingAccount, holder.publicKey, raw, run.decimals),
    ],
    [holder],
  );
  const cookie = await signIn(run, holder);
  const plans = (await call<StakingPlan[]>(run, 'GET', '/api/staking-plans')).body;
  const plan = plans.find((p) => p.name === planName);
  if (!plan) throw new Error(`no open plan named ${planName}`);
  const walletAddress = holder.publicKey.toBase58();
  const stake = await call<Stake>(
    run,
    'POST',
    '/api/stakes',
    { planId: plan.id, amount: String(amount), walletAddress, txId, status: 'active' },
    { cookie },
  );
  const withdrawal = await call<Withdrawal>(run, 'POST', '/api/withdrawals', { stakeId: stake.body.id, walletAddress }, { cookie });
  return { holder, withdrawal: withdrawal.body };
}

/** Makes a pending withdrawal whose payout ends under review, and waits until the server says so. */
export async function payoutUnderReview(run: ReviewRun, { amount = 300, planName = 'Starter' } = {}): Promise<PayoutUnderReview> {
  const { holder, withdrawal } = await pendingWithdrawal(run, amount, planName);
  const token = run.adminToken;
  const prepared = (await call<PreparedPayout>(run, 'POST', '/api/admin/payouts', { withdrawalIds: [withdrawal.id] }, { token })).body;

  // Between prepare and landing, the holder gives its token account to another owner.
  const accomplice = Keypair.generate().publicKey;
  const tokenAccount = getAssociatedTokenAddressSync(run.mint, holder.publicKey);
  await send(run, [createSetAuthorityInstruction(tokenAccount, holder.publicKey, AuthorityType.AccountOwner, accomplice)], [holder]);

  const signed = Transaction.from(Buffer.from(prepared.transaction, 'base64'));
  signed.partialSign(run.stakingWallet);
  const wire = signed.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64');
  await call(run, 'POST', `/api/admin/payouts/${prepared.id}/signed`, { transaction: wire }, { token });

  for (let tries = 0; tries < 120; tries++) {
    const payout = (await call<Payout>(run, 'GET', `/api/admin/payouts/${prepared.id}`, undefined, { token })).body;
    if (payout.status === 'needs_review') return { holder, accomplice, tokenAccount, withdrawal, payout };
    if (payout.status !== 'prepared' && payout.status !== 'sent') throw new Error(`payout ${payout.id} ended ${payout.status}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`payout ${prepared.id} did not reach needs_review`);
}
