import {
  createAssociatedTokenAccountIdempotentInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
  TOKEN_2022_PROGRAM_ID,
} from '@solana/spl-token';
import { parseURL, type TransferRequestURL } from '@solana/pay';
import { Keypair, Transaction } from '@solana/web3.js';
import type { ScanIntent, ScanIntentStatus, Stake } from '@stakedesk/shared/api-types';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DECIMALS, startChainStakingServer, tokens, type ChainStakingServer } from '../test/chain-staking-server.js';

/**
 * Scan to stake with a Token-2022 mint that takes a 1% transfer fee. @solana/pay 0.2.6's
 * createTransfer cannot pay one (it always uses the classic program: DESIGN 7), so the paying
 * wallet here does what the Solana Pay spec says a wallet does, with spl-token's own helpers:
 * transferChecked of the request's amount under the mint's program, the reference as a read-only key.
 */
let world: ChainStakingServer;
beforeAll(async () => {
  world = await startChainStakingServer({ mintKind: 'token-2022 1% fee' });
}, 60_000);
afterAll(() => world.close());

it('the request asks for the stake plus the fee; the wallet that pays it is staked exactly the amount chosen', async () => {
  const { body: intent } = await world.api.request<ScanIntent>('POST', '/api/stakes/intents', { planId: world.plan.id, amount: '1000' });
  const fields = parseURL(intent.transferRequest) as TransferRequestURL;
  // ceil(1000 / 0.99) in raw units: what leaves exactly 1,000 after the program withholds 1%.
  expect(fields.amount!.toString()).toBe('1010.101011');
  expect(intent).toMatchObject({ sendAmount: '1010.101011', feeAmount: '10.101011' });

  const payer = Keypair.generate();
  await world.chain.airdrop(payer.publicKey, 1_000_000_000);
  await world.chain.mintTo(world.mint, payer.publicKey, tokens(2_000));
  const mint = fields.splToken!;
  const from = getAssociatedTokenAddressSync(mint, payer.publicKey, false, TOKEN_2022_PROGRAM_ID);
  const to = getAssociatedTokenAddressSync(mint, fields.recipient, true, TOKEN_2022_PROGRAM_ID);
  const raw = BigInt(fields.amount!.times(10 ** DECIMALS).toFixed(0));
  const transfer = createTransferCheckedInstruction(from, mint, to, payer.publicKey, raw, DECIMALS, [], TOKEN_2022_PROGRAM_ID);
  transfer.keys.push(...fields.reference!.map((pubkey) => ({ pubkey, isSigner: false, isWritable: false })));
  const txId = await world.chain.sendTransaction(
    new Transaction({ feePayer: payer.publicKey }).add(
      createAssociatedTokenAccountIdempotentInstruction(payer.publicKey, to, fields.recipient, mint, TOKEN_2022_PROGRAM_ID),
      transfer,
    ),
    [payer],
  );

  await world.api.followChain();
  const status = await world.api.request<ScanIntentStatus>('GET', `/api/stakes/intents/${intent.id}`);
  expect(status.body).toMatchObject({ status: 'recorded', walletAddress: payer.publicKey.toBase58() });
  const stakes = await world.api.request<Stake[]>('GET', `/api/stakes/${payer.publicKey.toBase58()}`);
  expect(stakes.body).toEqual([expect.objectContaining({ id: status.body.stakeId, amount: '1000', txId })]);
});
