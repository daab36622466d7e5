import type { Logger } from '../logger.js';
import { Keypair, Transaction, type PublicKey } from '@solana/web3.js';
import type { CreatedDepositIntent, Stake, StakingPlan } from '@stakedesk/shared/api-types';
import type { Chain } from '../chain/chain.js';
import type { SecondProvider } from '../chain/second-provider.js';
import type { PayoutSigner } from '../signer/payout-signer.js';
import { SolanaChain } from '../chain/solana-chain.js';
import { createPlan } from './fixtures.js';
import { startTestChain, type MintOptions, type TestChain } from '@stakedesk/test-support/test-chain';
import { newHolder, startTestServer, STEP_UP, type Holder, type TestServer } from './test-server.js';

export const DECIMALS = 6;
export const tokens = (whole: number | bigint) => BigInt(whole) * 10n ** BigInt(DECIMALS);

export type Staker = { holder: Holder; keypair: Keypair; wallet: string };

/**
 * The mints every deposit and payout suite runs for: the classic SPL Token program, Token-2022
 * with only metadata in the mint (as pump.fun makes every coin), and Token-2022 with a 1%
 * transfer fee (capped at a million tokens, so never reached here).
 */
export const MINT_KINDS = ['classic', 'token-2022 metadata', 'token-2022 1% fee'] as const;
export type MintKind = (typeof MINT_KINDS)[number];
const MINT_OPTIONS: Record<MintKind, MintOptions> = {
  classic: {},
  'token-2022 metadata': { metadata: { name: 'Chain Token', symbol: 'CHN', uri: 'https://example.com/chn.json' } },
  'token-2022 1% fee': { transferFee: { basisPoints: 100, maximumFee: tokens(1_000_000) } },
};

/**
 * The real app verifying against the real SPL Token program (SolanaChain over the test chain's
 * JSON-RPC, or over `rpcUrl(chain)` in front of it), open for staking: a mint of `mintKind`, a
 * staking wallet holding a million tokens, and a plan (min 100, 10% yield, 20% early penalty). It
 * has followed the chain once, as a running server has before anyone deposits: deposits are
 * looked for from then on.
 */
export type ChainStakingOptions = {
  mintKind?: MintKind;
  rpcUrl?: (chain: TestChain) => Promise<string>;
  /** The chain the server sees, made from the real one (a misbehaving provider in front of it, say). */
  wrap?: (solana: SolanaChain, chain: TestChain) => Chain;
  /** PAYOUT_SIGNER (none unless given). */
  payoutSigner?: PayoutSigner;
  /** ALLOW_PRIVATE_RPC (off unless given): a webhook on this machine. */
  allowPrivateRpc?: boolean;
  /** The packed verifier served at /verify (none unless given). */
  verifierDownloads?: string;
  /** SOLANA_VERIFY_RPC_URL's provider, made from the chain (none unless given). */
  secondProvider?: (chain: TestChain) => SecondProvider;
  /** Where the server logs (silent unless given). */
  logger?: Logger;
  /** INTENT_RATE_LIMIT: deposits a client may start a minute (the test server's 10,000 unless given). */
  intentRateLimit?: number;
  /** The PostgreSQL server and database name the app's database is made on (the tests' shared one, a fresh name, unless given). */
  postgresUrl?: string;
  database?: string;
};

export async function startChainStakingServer({
  rpcUrl,
  wrap,
  mintKind = 'classic',
  payoutSigner,
  allowPrivateRpc,
  verifierDownloads,
  secondProvider,
  logger,
  intentRateLimit,
  postgresUrl,
  database,
}: ChainStakingOptions = {}) {
  const chain = await startTestChain();
  const mint: PublicKey = await chain.createMint(DECIMALS, undefined, MINT_OPTIONS[mintKind]);
  const stakingWallet = Keypair.generate();
  await chain.airdrop(stakingWallet.publicKey, 10_000_000_000);
  await chain.mintTo(mint, stakingWallet.publicKey, tokens(1_000_000));
  const url = rpcUrl ? await rpcUrl(chain) : chain.url;
  const solana = new SolanaChain(async () => url, 3_000);
  const api: TestServer = await startTestServer({
    realChain: wrap ? wrap(solana, chain) : solana,
    secondProvider: secondProvider?.(chain),
    payoutSigner,
    allowPrivateRpc,
    verifierDownloads,
    logger,
    intentRateLimit,
    postgresUrl,
    database,
  });
  const token = await api.login();
  const settings = {
    tokenName: 'Chain Token',
    tokenSymbol: 'CHN',
    tokenContract: mint.toBase58(),
    stakingWallet: stakingWallet.publicKey.toBase58(),
    ...STEP_UP,
  };
  const saved = await api.request('PUT', '/api/admin/settings', settings, token);
  if (saved.status !== 200) throw new Error(`settings: ${saved.status} ${JSON.stringify(saved.body)}`);
  const plan: StakingPlan = await createPlan(api, token, { minStakeAmount: '100', yieldRate: '10', earlyPenaltyRate: '20' });
  await api.followChain();

  /** A holder with SOL for fees and `whole` tokens, signed in to the API. */
  async function fundedHolder(whole = 10_000): Promise<Staker> {
    const holder = newHolder();
    const keypair = Keypair.fromSecretKey(holder.secretKey);
    await chain.airdrop(keypair.publicKey, 1_000_000_000);
    await chain.mintTo(mint, keypair.publicKey, tokens(whole));
    await api.signIn(holder);
    return { holder, keypair, wallet: holder.wallet };
  }

  /** A deposit as the holder app makes it: the server builds the transaction, the holder's key signs it as it is, the holder posts it. */
  async function stakeThroughIntent({ holder, keypair }: Staker, whole: number, planId = plan.id): Promise<Stake> {
    const intent = await api.request<CreatedDepositIntent>(
      'POST',
      '/api/stakes/intents',
      { planId, amount: String(whole), walletAddress: holder.wallet },
      { as: holder.wallet },
    );
    if (intent.status !== 201) throw new Error(`intent: ${intent.status} ${JSON.stringify(intent.body)}`);
    const txId = await chain.sendTransaction(Transaction.from(Buffer.from(intent.body.transaction, 'base64')), [keypair]);
    const stake = await api.request<Stake>(
      'POST',
      '/api/stakes',
      { planId, walletAddress: holder.wallet, txId, amount: String(whole), status: 'active' },
      { as: holder.wallet },
    );
    if (stake.status !== 201) throw new Error(`stake: ${stake.status} ${JSON.stringify(stake.body)}`);
    return stake.body;
  }

  return {
    mintKind,
    stakeThroughIntent,
    chain,
    api,
    token,
    mint,
    stakingWallet,
    plan,
    fundedHolder,
    async close() {
      await api.close();
      await chain.close();
    },
  };
}

export type ChainStakingServer = Awaited<ReturnType<typeof startChainStakingServer>>;
