import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTransferCheckedInstruction, getAssociatedTokenAddressSync } from '@solana/spl-token';
import { PublicKey, Transaction } from '@solana/web3.js';
import bs58 from 'bs58';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminWithdrawal, DepositIntent, PreparedPayout, Stake, Withdrawal } from '@stakedesk/shared/api-types';
import { spawnServer, stopSpawned, type SpawnedServer } from '../test/spawn-server.js';
import { adminLogin, call, newStaker, openStaking, signIn, tokens, DECIMALS } from '../test/staking-world.js';
import { startTestChain, type TestChain } from '@stakedesk/test-support/test-chain';

// What the server follows on chain lives in PostgreSQL, not in a process: a payout prepared and a
// deposit intent made before a SIGKILL are settled by the restarted server on its own schedule.
const ADMIN = { username: 'admin', password: 'follow restart admin password' };

let chain: TestChain;
let dataDir: string;
let server: SpawnedServer;

const env = () => ({ DATA_DIR: dataDir, SOLANA_RPC_URL: chain.url, ADMIN_PASSWORD: ADMIN.password, CHAIN_FOLLOW_INTERVAL_MS: '300' });

beforeAll(async () => {
  chain = await startTestChain();
  dataDir = mkdtempSync(path.join(tmpdir(), 'stakedesk-follow-'));
  chmodSync(dataDir, 0o755);
  server = await spawnServer(env());
});
afterAll(async () => {
  if (server) await stopSpawned(server);
  await chain.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('a server restart in the middle', () => {
  it('of a payout and of a deposit: the restarted server completes both by itself', async () => {
    const token = await adminLogin(server.url, ADMIN.username, ADMIN.password);
    const { mint, stakingWallet, plan } = await openStaking(server.url, chain, token, ADMIN.password);

    // A withdrawal to pay, and a holder about to deposit with an intent.
    const payee = await newStaker(chain, mint);
    const payeeCookie = await signIn(server.url, payee);
    const depositTx = await chain.transfer({
      mint,
      from: payee.keypair,
      to: stakingWallet.publicKey,
      rawAmount: tokens(1000),
      decimals: DECIMALS,
    });
    const stake = await call<Stake>(
      server.url,
      'POST',
      '/api/stakes',
      { planId: plan.id, walletAddress: payee.wallet, txId: depositTx, amount: '1000', status: 'active' },
      { cookie: payeeCookie },
    );
    const withdrawal = await call<Withdrawal>(
      server.url,
      'POST',
      '/api/withdrawals',
      { stakeId: stake.body.id, walletAddress: payee.wallet },
      { cookie: payeeCookie },
    );
    expect(withdrawal.body.finalAmount).toBe('800');
    const depositor = await newStaker(chain, mint);
    const depositorCookie = await signIn(server.url, depositor);
    const intent = await call<DepositIntent>(
      server.url,
      'POST',
      '/api/stakes/intents',
      { planId: plan.id, amount: '500', walletAddress: depositor.wallet },
      { cookie: depositorCookie },
    );
    expect(intent.status).toBe(201);

    // The server prepares the payout and the staking wallet signs it; the server dies before the signed copy is posted.
    const prepared = await call<PreparedPayout>(
      server.url,
      'POST',
      '/api/admin/payouts',
      { withdrawalIds: [withdrawal.body.id] },
      { token },
    );
    expect(prepared.status).toBe(201);
    const payout = Transaction.from(Buffer.from(prepared.body.transaction, 'base64'));
    payout.partialSign(stakingWallet);
    const signature = bs58.encode(payout.signature!);
    server.child.kill('SIGKILL');
    await server.exited;

    // While it is down: the wallet sends the signed copy itself, and the holder's transfer (with its reference) lands; the browser is gone.
    await chain.connection.sendRawTransaction(payout.serialize());
    const transfer = createTransferCheckedInstruction(
      getAssociatedTokenAddressSync(mint, depositor.keypair.publicKey),
      mint,
      getAssociatedTokenAddressSync(mint, stakingWallet.publicKey),
      depositor.keypair.publicKey,
      tokens(500),
      DECIMALS,
    );
    transfer.keys.push({ pubkey: new PublicKey(intent.body.reference), isSigner: false, isWritable: false });
    const deposit = new Transaction().add(transfer);
    deposit.feePayer = depositor.keypair.publicKey;
    const depositSignature = await chain.sendTransaction(deposit, [depositor.keypair]);

    server = await spawnServer(env());
    const freshToken = await adminLogin(server.url, ADMIN.username, ADMIN.password);
    const paid = await eventually(
      async () =>
        (await call<AdminWithdrawal[]>(server.url, 'GET', '/api/admin/withdrawals', undefined, { token: freshToken })).body.find(
          (w) => w.id === withdrawal.body.id,
        ),
      (w) => w?.status === 'completed',
      'the payout',
    );
    expect(paid).toMatchObject({ txId: signature, payout: { status: 'completed', signature } });
    const stakes = await eventually(
      async () => (await call<Stake[]>(server.url, 'GET', `/api/stakes/${depositor.wallet}`)).body,
      (list) => list.length > 0,
      'the deposit',
    );
    expect(stakes).toMatchObject([{ txId: depositSignature, amount: '500', status: 'active' }]);
  });
});
