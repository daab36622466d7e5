import { getAssociatedTokenAddressSync, TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from '@solana/spl-token';
import { Keypair, Transaction } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedPayout } from '@stakedesk/shared/api-types';
import { MESSAGES } from '@stakedesk/shared/messages';
import { releaseTogether } from '../test/release-together.js';
import { refusalOf } from '../test/test-server.js';
import { DECIMALS, startPayoutWorld, tokens, type PayoutWorld } from '../test/payout-world.js';
import { MEMO_PROGRAM_ID } from '../chain/memo.js';

// Preparing a payout: the server reads the chain itself, builds the transaction and claims its withdrawals.
let world: PayoutWorld;

beforeAll(async () => {
  world = await startPayoutWorld();
}, 60_000);
afterAll(() => world.close());

const sends = () => world.chain.requests.filter((request) => request.method === 'sendTransaction').length;

describe('POST /api/admin/payouts prepares a payout the server built', () => {
  it('answers the unsigned transaction: one transferChecked per withdrawal and a memo naming the payout, and sends nothing', async () => {
    const [a, b] = [await world.pendingWithdrawal(), await world.pendingWithdrawal(500)];
    const before = sends();
    const response = await world.prepare([b.withdrawal.id, a.withdrawal.id]);
    expect(response.status).toBe(201);
    const prepared = response.body;
    const accountOf = (holder: Keypair) => getAssociatedTokenAddressSync(world.mint, holder.publicKey).toBase58();
    expect(prepared).toMatchObject({
      status: 'prepared',
      withdrawalIds: [a.withdrawal.id, b.withdrawal.id],
      payer: world.stakingWallet.publicKey.toBase58(),
      signature: null,
      recipients: [
        {
          withdrawalId: a.withdrawal.id,
          wallet: a.holder.publicKey.toBase58(),
          tokenAccount: accountOf(a.holder),
          amount: '800',
          createsAccount: false,
        },
        {
          withdrawalId: b.withdrawal.id,
          wallet: b.holder.publicKey.toBase58(),
          tokenAccount: accountOf(b.holder),
          amount: '400',
          createsAccount: false,
        },
      ],
    });
    const transaction = Transaction.from(Buffer.from(prepared.transaction, 'base64'));
    expect(transaction.recentBlockhash).toBe(prepared.blockhash);
    expect(transaction.feePayer?.toBase58()).toBe(prepared.payer);
    expect(transaction.signatures).toEqual([{ publicKey: world.stakingWallet.publicKey, signature: null }]);
    const programs = transaction.instructions.map((instruction) => instruction.programId.toBase58());
    expect(programs).toEqual([TOKEN_PROGRAM_ID.toBase58(), TOKEN_PROGRAM_ID.toBase58(), MEMO_PROGRAM_ID.toBase58()]);
    expect(transaction.instructions[2]!.data.toString()).toBe(`Stakedesk payout ${prepared.id}`);
    // transferChecked (12): amount (u64 LE) and decimals.
    expect(transaction.instructions[0]!.data[0]).toBe(12);
    expect(transaction.instructions[0]!.data.readBigUInt64LE(1)).toBe(tokens(800));
    expect(transaction.instructions[0]!.data[9]).toBe(DECIMALS);
    expect(prepared.lastValidBlockHeight).toBeGreaterThan(world.chain.blockHeight());
    // Nothing was sent: the staking wallet has not signed anything yet.
    expect(sends()).toBe(before);
    expect(await world.adminWithdrawal(a.withdrawal.id)).toMatchObject({
      status: 'pending',
      payout: { id: prepared.id, status: 'prepared', holds: true },
    });
  });

  it('creates the account of a holder who has none, with the rent paid by the staking wallet', async () => {
    const { withdrawal, holder } = await world.pendingWithdrawal();
    // Owed to a wallet that never held the token (its holder's deposit came from elsewhere).
    const newcomer = Keypair.generate();
    await world.api.db.query(
      'UPDATE withdrawals SET wallet_address = :wallet WHERE id = :id; UPDATE stakes SET wallet_address = :wallet WHERE id = :stakeId',
      {
        replacements: { wallet: newcomer.publicKey.toBase58(), id: withdrawal.id, stakeId: withdrawal.stakeId },
      },
    );
    expect(holder.publicKey.toBase58()).not.toBe(newcomer.publicKey.toBase58());
    const prepared = (await world.prepare([withdrawal.id])).body;
    expect(prepared.recipients).toMatchObject([{ createsAccount: true, wallet: newcomer.publicKey.toBase58() }]);
    const transaction = Transaction.from(Buffer.from(prepared.transaction, 'base64'));
    expect(transaction.instructions.map((i) => i.programId.toBase58())[0]).toBe('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL');
    expect((await world.postSigned(prepared.id, world.sign(prepared))).status).toBe(200);
    expect(await world.followUntilEnded(prepared.id)).toMatchObject({ status: 'completed' });
    expect(world.chain.tokenBalance(world.mint, newcomer.publicKey)).toBe(tokens(800));
  });

  it('claims its withdrawals: a second prepare, a pasted TXID and a rejection are refused (409) while it is open', async () => {
    const { withdrawal } = await world.pendingWithdrawal();
    const first = await world.prepare([withdrawal.id]);
    expect(first.status).toBe(201);
    expect(await world.prepare([withdrawal.id])).toMatchObject({ status: 409, body: { code: 'payoutInFlight' } });
    const pasted = await world.api.request(
      'PUT',
      `/api/admin/withdrawals/${withdrawal.id}`,
      { status: 'completed', txId: '5'.repeat(88) },
      world.token,
    );
    expect(pasted).toMatchObject({ status: 409, body: { code: 'payoutInFlight' } });
    const rejected = await world.api.request(
      'PUT',
      `/api/admin/withdrawals/${withdrawal.id}`,
      { status: 'rejected', reason: 'no' },
      world.token,
    );
    expect(rejected).toMatchObject({ status: 409, body: { code: 'payoutInFlight' } });
  });

  it('two panels preparing the same withdrawal at once: one payout is prepared, the other panel is refused', async () => {
    const { withdrawal } = await world.pendingWithdrawal();
    const answers = await releaseTogether(
      world.api.baseUrl,
      [0, 1].map(() => ({
        method: 'POST',
        path: '/api/admin/payouts',
        body: { withdrawalIds: [withdrawal.id] },
        headers: { authorization: `Bearer ${world.token}` },
      })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const payouts = await world.api.request<PreparedPayout[]>('GET', '/api/admin/payouts?limit=1000', undefined, world.token);
    expect(payouts.body.filter((p) => p.withdrawalIds.includes(withdrawal.id))).toHaveLength(1);
  });

  it("refuses a holder's account that another wallet owns (SetAuthority), and claims nothing", async () => {
    const { withdrawal, holder } = await world.pendingWithdrawal();
    const { accomplice, account } = await world.giveAccountAway(holder);
    const refused = await world.prepare([withdrawal.id]);
    expect(refused).toMatchObject({
      status: 409,
      body: {
        code: 'payoutDestinationUnsafe',
        withdrawalId: withdrawal.id,
        message: `The token account ${account.toBase58()} that would receive withdrawal ${withdrawal.id} cannot be paid safely: it belongs to ${accomplice.publicKey.toBase58()}, not to the holder's wallet ${holder.publicKey.toBase58()}`,
      },
    });
    expect(await world.adminWithdrawal(withdrawal.id)).toMatchObject({ status: 'pending', payout: null });
  });

  it('refuses a frozen destination account', async () => {
    const coldMint = await world.chain.createMint(DECIMALS, undefined, { freezable: true });
    await world.chain.mintTo(coldMint, world.stakingWallet.publicKey, tokens(10_000));
    const { withdrawal, holder } = await world.pendingWithdrawal();
    await world.owedIn(coldMint, withdrawal);
    await world.chain.createTokenAccount(coldMint, holder.publicKey);
    await world.chain.freezeAccount(coldMint, holder.publicKey);
    const refused = await world.prepare([withdrawal.id]);
    expect(refused).toMatchObject({
      status: 409,
      body: { code: 'payoutDestinationUnsafe', withdrawalId: withdrawal.id, message: expect.stringMatching(/it is frozen$/) },
    });
  });

  it("pays a Token-2022 token with the mint's own program", async () => {
    const mint2022 = await world.chain.createMint(DECIMALS, undefined, { programId: TOKEN_2022_PROGRAM_ID });
    await world.chain.mintTo(mint2022, world.stakingWallet.publicKey, tokens(10_000));
    const { withdrawal, holder } = await world.pendingWithdrawal();
    await world.owedIn(mint2022, withdrawal);
    const prepared = (await world.prepare([withdrawal.id])).body;
    expect(prepared.recipients).toMatchObject([
      {
        tokenAccount: getAssociatedTokenAddressSync(mint2022, holder.publicKey, true, TOKEN_2022_PROGRAM_ID).toBase58(),
        createsAccount: true,
      },
    ]);
    const programs = Transaction.from(Buffer.from(prepared.transaction, 'base64')).instructions.map((i) => i.programId.toBase58());
    expect(programs.slice(1, 2)).toEqual([TOKEN_2022_PROGRAM_ID.toBase58()]);
    expect((await world.postSigned(prepared.id, world.sign(prepared))).status).toBe(200);
    expect(await world.followUntilEnded(prepared.id)).toMatchObject({ status: 'completed' });
    expect(world.chain.tokenBalance(mint2022, holder.publicKey)).toBe(tokens(800));
  });

  it('refuses what it cannot build, with a clear answer, and claims nothing', async () => {
    const [a, b] = [await world.pendingWithdrawal(), await world.pendingWithdrawal()];
    const otherMint = await world.chain.createMint(DECIMALS);
    await world.owedIn(otherMint, b.withdrawal);
    expect(await world.prepare([a.withdrawal.id, b.withdrawal.id])).toMatchObject({ status: 400, body: { code: 'payoutMixedTokens' } });
    expect(await world.prepare([999_999])).toMatchObject({ status: 404 });
    expect(await world.prepare([])).toMatchObject({ status: 400, body: { errors: { withdrawalIds: MESSAGES.withdrawalIdsRequired } } });
    // The earlier registration (a signature and a block height the browser chose) is retired.
    const registration = await world.api.request(
      'POST',
      '/api/admin/payouts',
      { withdrawalIds: [a.withdrawal.id], signature: '5'.repeat(88), lastValidBlockHeight: 1 },
      world.token,
    );
    expect(registration).toMatchObject({ status: 400, body: { code: 'payoutRegistrationRetired' } });
    expect(registration.body.message).toContain('/api/admin/payouts/:id/signed');
    expect((await world.api.request('POST', '/api/admin/payouts', { withdrawalIds: [a.withdrawal.id] })).status).toBe(401);
    expect(await world.adminWithdrawal(a.withdrawal.id)).toMatchObject({ payout: null });
  });

  it('refuses a payout the staking wallet cannot cover (less what open payouts will take)', async () => {
    const rich = await world.pendingWithdrawal(10_000);
    const poorMint = await world.chain.createMint(DECIMALS);
    await world.chain.mintTo(poorMint, world.stakingWallet.publicKey, tokens(9_000));
    await world.owedIn(poorMint, rich.withdrawal); // 8,000 owed of 9,000 held
    expect((await world.prepare([rich.withdrawal.id])).status).toBe(201);
    const another = await world.pendingWithdrawal(2_000);
    await world.owedIn(poorMint, another.withdrawal); // 1,600 more: 1,000 left free
    const refused = await world.prepare([another.withdrawal.id]);
    expect(refused).toMatchObject({
      status: 409,
      body: { code: 'payoutInsufficientBalance', params: { available: '1000', needed: '1600' } },
    });
  });

  it('refuses more withdrawals than fit one transaction, naming how many fit', async () => {
    const many = [];
    for (let i = 0; i < 24; i++) many.push((await world.pendingWithdrawal(100)).withdrawal.id);
    const refused = await world.prepare(many);
    expect(refused.status).toBe(400);
    const { code, params } = refusalOf(refused);
    expect(code).toBe('payoutTooLarge');
    const fit = Number(params?.count);
    expect(fit).toBeGreaterThan(5);
    expect(fit).toBeLessThan(24);
    const prepared = await world.prepare(many.slice(0, fit));
    expect(prepared.status).toBe(201);
    const signed = world.sign(prepared.body);
    expect(world.wire(signed).length).toBeLessThanOrEqual(1232);
  });
});
