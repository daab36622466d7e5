import { getAssociatedTokenAddressSync, TOKEN_PROGRAM_ID } from '@solana/spl-token';
import { Keypair, Transaction } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryTypes } from 'sequelize';
import type { ChangeRequest, CreatedDepositIntent, PublicSettings, Stake } from '@stakedesk/shared/api-types';
import { startChainStakingServer, tokens, type ChainStakingServer, type Staker } from '../test/chain-staking-server.js';
import { STEP_UP } from '../test/test-server.js';
import { adminWithRole } from '../test/two-factor.js';
import { changeAppliers } from '../four-eyes.js';
import { changeRequestRound } from './change-requests.service.js';

// A new staking wallet approved by a second owner is not where deposits go until its effectiveAt
// (DESIGN 17): the real SPL Token program on the test chain, the real deposit transaction and follower.
let world: ChainStakingServer;
const newWallet = Keypair.generate();
let request: ChangeRequest;

beforeAll(async () => {
  world = await startChainStakingServer();
  // The new wallet's token account exists, as an operator's would before moving to it.
  await world.chain.mintTo(world.mint, newWallet.publicKey, tokens(1));
}, 60_000);
afterAll(() => world.close());

const publicSettings = async () => (await world.api.request<PublicSettings>('GET', '/api/settings')).body;

async function intentFor(staker: Staker, whole: number): Promise<CreatedDepositIntent> {
  const intent = await world.api.request<CreatedDepositIntent>(
    'POST',
    '/api/stakes/intents',
    { planId: world.plan.id, amount: String(whole), walletAddress: staker.wallet },
    { as: staker.wallet },
  );
  expect(intent.status).toBe(201);
  return intent.body;
}

/** The token account the server's deposit transaction pays into (transferChecked's destination; the mint is a classic one). */
function destinationOf(intent: CreatedDepositIntent): string {
  const transaction = Transaction.from(Buffer.from(intent.transaction, 'base64'));
  const transfer = transaction.instructions.find((instruction) => instruction.programId.equals(TOKEN_PROGRAM_ID));
  return transfer!.keys[2]!.pubkey.toBase58();
}

const accountOf = (wallet: Keypair) => getAssociatedTokenAddressSync(world.mint, wallet.publicKey).toBase58();

async function stakeOf(intent: CreatedDepositIntent): Promise<Stake | undefined> {
  const [row] = await world.api.db.query<{ staking_wallet: string; tx_id: string }>(
    `SELECT s.staking_wallet, s.tx_id FROM deposit_intents i JOIN stakes s ON s.id = i.stake_id WHERE i.id = :id`,
    { replacements: { id: intent.id }, type: QueryTypes.SELECT },
  );
  return row && ({ stakingWallet: row.staking_wallet, txId: row.tx_id } as Stake);
}

describe('a staking wallet change approved by a second owner', () => {
  it('is scheduled, and holders are told when it takes effect', async () => {
    const second = await adminWithRole(world.api, world.token, 'owner', 'second');
    const settings = await publicSettings();
    const saved = await world.api.request(
      'PUT',
      '/api/admin/settings',
      {
        tokenName: settings.tokenName,
        tokenSymbol: settings.tokenSymbol,
        tokenContract: settings.tokenContract,
        stakingWallet: newWallet.publicKey.toBase58(),
        ...STEP_UP,
      },
      world.token,
    );
    expect(saved.status).toBe(202);
    const approved = await world.api.request(
      'POST',
      `/api/admin/change-requests/${saved.body.changeRequest.id}/approve`,
      { currentPassword: second.password },
      second.token,
    );
    expect(approved.body.status).toBe('scheduled');
    request = approved.body;
    expect(await publicSettings()).toMatchObject({
      stakingWallet: world.stakingWallet.publicKey.toBase58(),
      pendingChange: { field: 'stakingWallet', value: newWallet.publicKey.toBase58(), effectiveAt: request.effectiveAt },
    });
  });

  it('is not in effect before effectiveAt: deposits go to the old wallet and are recorded', async () => {
    const staker = await world.fundedHolder();
    const stake = await world.stakeThroughIntent(staker, 100);
    expect(stake.stakingWallet).toBe(world.stakingWallet.publicKey.toBase58());
    // With the browser gone, the follower finds a transfer to the old wallet too.
    const intent = await intentFor(staker, 200);
    expect(destinationOf(intent)).toBe(accountOf(world.stakingWallet));
    await world.chain.sendTransaction(Transaction.from(Buffer.from(intent.transaction, 'base64')), [staker.keypair]);
    await changeRequestRound(world.api.db, changeAppliers(world.api.db));
    expect(await world.api.followDeposits()).toBe(1);
    expect(await stakeOf(intent)).toMatchObject({ stakingWallet: world.stakingWallet.publicKey.toBase58() });
  });

  it('is in effect after effectiveAt: new deposits go to the new wallet, one made for the old wallet is still recorded', async () => {
    const staker = await world.fundedHolder();
    const before = await intentFor(staker, 300);
    await world.api.db.query(`UPDATE change_requests SET effective_at = now() - interval '1 second' WHERE id = :id`, {
      replacements: { id: request.id },
    });
    await changeRequestRound(world.api.db, changeAppliers(world.api.db));
    expect(await publicSettings()).toMatchObject({ stakingWallet: newWallet.publicKey.toBase58(), pendingChange: null });
    const after = await intentFor(staker, 400);
    expect(destinationOf(after)).toBe(accountOf(newWallet));
    await world.chain.sendTransaction(Transaction.from(Buffer.from(after.transaction, 'base64')), [staker.keypair]);
    // The intent made before the change still goes where it said, and is recorded.
    await world.chain.sendTransaction(Transaction.from(Buffer.from(before.transaction, 'base64')), [staker.keypair]);
    expect(await world.api.followDeposits()).toBe(2);
    expect(await stakeOf(after)).toMatchObject({ stakingWallet: newWallet.publicKey.toBase58() });
    expect(await stakeOf(before)).toMatchObject({ stakingWallet: world.stakingWallet.publicKey.toBase58() });
  });
});
