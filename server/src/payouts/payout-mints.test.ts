import {
  createEnableRequiredMemoTransfersInstruction,
  createReallocateInstruction,
  ExtensionType,
  getAssociatedTokenAddressSync,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token';
import { Transaction } from '@solana/web3.js';
import type { TreasuryCoverage } from '@stakedesk/shared/api-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMO_PROGRAM_ID } from '../chain/memo.js';
import { MINT_KINDS } from '../test/chain-staking-server.js';
import { DECIMALS, startPayoutWorld, tokens, type PayoutWorld } from '../test/payout-world.js';

const FEE_OF_ONE_PERCENT = { basisPoints: 100, maximumFee: tokens(1_000_000) };

/**
 * A withdrawal paid end to end (prepared by the server, signed as it is, sent, followed) for each
 * kind of mint: the holder receives exactly what they are owed, with a transfer fee too.
 */
describe.each(MINT_KINDS)('a payout of a %s mint', (mintKind) => {
  let world: PayoutWorld;
  const withFee = mintKind === 'token-2022 1% fee';
  const programId = mintKind === 'classic' ? TOKEN_PROGRAM_ID : TOKEN_2022_PROGRAM_ID;

  beforeAll(async () => {
    world = await startPayoutWorld({ mintKind });
  }, 60_000);
  afterAll(() => world.close());

  const accountOf = (wallet: Parameters<typeof getAssociatedTokenAddressSync>[1]) =>
    getAssociatedTokenAddressSync(world.mint, wallet, false, programId);

  it('pays the holder exactly what is owed; the staking wallet sends that plus the fee, grossed up', async () => {
    const { withdrawal, holder } = await world.pendingWithdrawal(1000);
    const holderBefore = world.chain.tokenAmountAt(accountOf(holder.publicKey));
    const stakingBefore = world.chain.tokenAmountAt(accountOf(world.stakingWallet.publicKey));
    const prepared = await world.prepare([withdrawal.id]);
    expect(prepared.status).toBe(201);
    const transfer = Transaction.from(Buffer.from(prepared.body.transaction, 'base64')).instructions[0]!;
    expect(transfer.programId.equals(programId)).toBe(true);
    // 800 owed; with 1% withheld the least that leaves exactly 800 is ceil(800 / 0.99) in raw units.
    const sent = withFee ? 808_080_809n : tokens(800);
    expect(transfer.data.readBigUInt64LE(1)).toBe(sent);
    // The review says both: what the holder receives, and what leaves the staking wallet for it.
    const sentTokens = withFee ? '808.080809' : '800';
    expect(prepared.body.recipients).toEqual([expect.objectContaining({ withdrawalId: withdrawal.id, amount: '800', sent: sentTokens })]);
    const read = await world.api.request('GET', `/api/admin/payouts/${prepared.body.id}`, undefined, world.token);
    expect(read.body.recipients[0].sent).toBe(sentTokens);

    expect((await world.postSigned(prepared.body.id, world.sign(prepared.body))).status).toBe(200);
    expect((await world.followUntilEnded(prepared.body.id)).status).toBe('completed');
    expect(world.chain.tokenAmountAt(accountOf(holder.publicKey)) - holderBefore).toBe(tokens(800));
    expect(stakingBefore - world.chain.tokenAmountAt(accountOf(world.stakingWallet.publicKey))).toBe(sent);
    expect((await world.adminWithdrawal(withdrawal.id)).status).toBe('completed');
  });

  it("the treasury's balance is the staking account's own tokens: fees withheld in it are not the operator's", async () => {
    const treasury = await world.api.request<TreasuryCoverage>('GET', '/api/admin/treasury', undefined, world.token);
    const ownTokens = world.chain.tokenAmountAt(accountOf(world.stakingWallet.publicKey));
    expect(treasury.body.balance).toBe((ownTokens / tokens(1)).toString() + fractionOf(ownTokens));
  });

  if (withFee) {
    it('counts what open payouts will send, fees included, before preparing another from the same account', async () => {
      const rich = await world.pendingWithdrawal(10_000);
      const poorMint = await world.chain.createMint(DECIMALS, undefined, { transferFee: FEE_OF_ONE_PERCENT });
      await world.chain.mintTo(poorMint, world.stakingWallet.publicKey, tokens(9_000));
      await world.owedIn(poorMint, rich.withdrawal); // 8,000 owed: 8,080.808081 sent of 9,000 held
      expect((await world.prepare([rich.withdrawal.id])).status).toBe(201);
      const another = await world.pendingWithdrawal(2_000);
      await world.owedIn(poorMint, another.withdrawal); // 1,600 owed: 1,616.161617 to send
      expect(await world.prepare([another.withdrawal.id])).toMatchObject({
        status: 409,
        body: { code: 'payoutInsufficientBalance', params: { available: '919.191919', needed: '1616.161617' } },
      });
    });
  }

  if (mintKind !== 'classic') {
    it("a holder's account that requires memos: the memo comes right before their transfer, and the payout completes", async () => {
      const { withdrawal, holder } = await world.pendingWithdrawal(500);
      const account = accountOf(holder.publicKey);
      await world.chain.sendTransaction(
        new Transaction({ feePayer: holder.publicKey }).add(
          createReallocateInstruction(account, holder.publicKey, [ExtensionType.MemoTransfer], holder.publicKey, [], programId),
          createEnableRequiredMemoTransfersInstruction(account, holder.publicKey, [], programId),
        ),
        [holder],
      );
      const prepared = await world.prepare([withdrawal.id]);
      const programs = Transaction.from(Buffer.from(prepared.body.transaction, 'base64')).instructions.map((i) => i.programId.toBase58());
      expect(programs).toEqual([MEMO_PROGRAM_ID.toBase58(), programId.toBase58(), MEMO_PROGRAM_ID.toBase58()]);
      const before = world.chain.tokenAmountAt(account);
      await world.postSigned(prepared.body.id, world.sign(prepared.body));
      expect((await world.followUntilEnded(prepared.body.id)).status).toBe('completed');
      expect(world.chain.tokenAmountAt(account) - before).toBe(tokens(400));
    });
  }
});

/** The decimal part of a raw amount of a 6-decimal token, as the API writes it ("" for a whole number). */
function fractionOf(raw: bigint): string {
  const fraction = (raw % tokens(1)).toString().padStart(6, '0').replace(/0+$/, '');
  return fraction ? `.${fraction}` : '';
}
