/**
 * A holder, an operator and a snapshot of them on the fake chain, for the chain check's tests: the
 * staking wallet and the hot wallet hold the reserves, the holder deposits and is paid on chain,
 * the snapshot's tree is built with the shared buildReservesTree, and its anchor lands as the
 * server lands it (one signed memo, the root, and a zero transfer between the reserve accounts).
 */
import { randomBytes } from 'node:crypto';
import { toHex } from '../bytes.js';
import type { RecordedStake, RecordedWithdrawal, ReservesHolderRecords } from '../holder-records.js';
import type { ReserveAccount, ReservesSnapshot } from '../snapshot.js';
import { buildReservesTree } from '../tree.js';
import { coveragePercent } from '../../treasury.js';
import { address, FakeChain, signature as newSignature, type Balance } from './fake-chain.js';

export const TAKEN_AT = Date.parse('2026-11-26T12:00:00.000Z');
export const MINUTE = 60_000;
export const raw = (tokens: number | bigint) => BigInt(tokens) * 1_000_000n;
const iso = (offsetMs: number) => new Date(TAKEN_AT + offsetMs).toISOString();
/** Seconds, `minutes` from takenAt (negative: before). */
const blockTime = (minutes: number) => Math.floor((TAKEN_AT + minutes * MINUTE) / 1000);

export function world() {
  const chain = new FakeChain();
  const mint = address();
  const holder = address();
  const holderAccount = address();
  const staking = address();
  const stakingAccount = address();
  const hot = address();
  const hotAccount = address();
  chain.holds(holder, mint, holderAccount);
  const held = new Map<string, bigint>([
    [holderAccount, raw(10_000)],
    [stakingAccount, raw(1_000_000)],
    [hotAccount, raw(321)],
  ]);
  const owners = new Map([
    [holderAccount, holder],
    [stakingAccount, staking],
    [hotAccount, hot],
  ]);
  let slot = 100;
  const records: ReservesHolderRecords = { stakes: [], withdrawals: [] };

  /** `amount` raw units from one account to another, landed `minutes` from takenAt (at the next slot). */
  function move(from: string, to: string, amount: bigint, minutes: number, signer: string, { received = amount } = {}) {
    const balance = (account: string, delta: bigint): Balance => {
      const before = held.get(account) ?? 0n;
      held.set(account, before + delta);
      return { account, owner: owners.get(account)!, mint, before, after: before + delta };
    };
    return chain.land({
      slot: slot++,
      blockTime: blockTime(minutes),
      signers: [signer],
      balances: [balance(from, -amount), balance(to, received)],
    });
  }

  let stakeId = 0;
  let withdrawalId = 0;
  const me = {
    chain,
    mint,
    holder,
    holderAccount,
    staking,
    stakingAccount,
    hot,
    hotAccount,
    owners,
    records,
    /** A stake as the app makes it: the deposit lands, then the server records it (createdAt) right after. */
    stake(tokens: number, minutes: number, over: Partial<RecordedStake> = {}): RecordedStake {
      const txId = move(holderAccount, stakingAccount, raw(tokens), minutes, holder);
      const stake: RecordedStake = {
        id: ++stakeId,
        amount: `${tokens}.00000000`,
        rewardAmount: `${tokens / 10}.00000000`,
        status: 'active',
        createdAt: iso(minutes * MINUTE + 2_000),
        txId,
        restakedFromId: null,
        tokenContract: mint,
        stakingWallet: staking,
        ...over,
      };
      records.stakes.push(stake);
      return stake;
    },
    /** A withdrawal of `stake` asked for `minutes` from takenAt; paid (`paidAt`, from `payer`) or not. */
    withdraw(
      stake: RecordedStake,
      minutes: number,
      { early = false, paidAt, payer = stakingAccount }: { early?: boolean; paidAt?: number; payer?: string } = {},
    ): RecordedWithdrawal {
      const amount = Number(stake.amount);
      const finalAmount = early ? (amount * 4) / 5 : (amount * 11) / 10;
      const txId = paidAt === undefined ? null : move(payer, holderAccount, raw(finalAmount), paidAt, owners.get(payer)!);
      const withdrawal: RecordedWithdrawal = {
        id: ++withdrawalId,
        stakeId: stake.id,
        amount: String(amount),
        finalAmount: String(finalAmount),
        penaltyAmount: early ? String(amount / 5) : '0',
        kind: early ? 'early' : 'full',
        status: paidAt === undefined ? 'pending' : 'completed',
        requestedAt: iso(minutes * MINUTE),
        processedAt: paidAt === undefined ? null : iso(paidAt * MINUTE + 2_000),
        txId,
        tokenContract: mint,
        stakingWallet: staking,
      };
      stake.status = paidAt === undefined ? 'pending_withdrawal' : 'withdrawn';
      records.withdrawals.push(withdrawal);
      return withdrawal;
    },
    /** A wallet of someone else's, with a token account. */
    stranger(): string {
      const wallet = address();
      const account = address();
      owners.set(account, wallet);
      held.set(account, raw(5_000));
      return account;
    },
    move,
    /**
     * The snapshot at TAKEN_AT counting `liability` raw units for the holder (and 250 tokens for
     * someone else), its reserves the staking and hot accounts as they hold now, anchored `minutes`
     * after takenAt by the hot wallet with `memos` (the root alone unless given).
     */
    snapshot(
      liability: bigint,
      {
        memos,
        reserves,
        anchoredAfter = 2,
        innerMemos,
      }: {
        memos?: (root: string) => string[];
        reserves?: (listed: ReserveAccount[]) => ReserveAccount[];
        anchoredAfter?: number;
        innerMemos?: string[];
      } = {},
    ) {
      const tree = buildReservesTree(
        [
          { wallet: holder, liability, salt: randomBytes(32) },
          { wallet: address(), liability: raw(250), salt: randomBytes(32) },
        ],
        7,
      );
      const root = toHex(tree.root.hash);
      const anchorSlot = slot++;
      const listedNow: ReserveAccount[] = [stakingAccount, hotAccount].map((account) => ({
        wallet: owners.get(account)!,
        tokenAccount: account,
        balance: held.get(account)!.toString(),
      }));
      const listed = reserves ? reserves(listedNow) : listedNow;
      const anchorSignature = chain.land({
        slot: anchorSlot,
        blockTime: blockTime(anchoredAfter),
        signers: [hot],
        memos: memos ? memos(root) : [root],
        innerMemos,
        balances: listedNow.map(({ tokenAccount }) => ({
          account: tokenAccount,
          owner: owners.get(tokenAccount)!,
          mint,
          before: held.get(tokenAccount)!,
          after: held.get(tokenAccount)!,
        })),
      });
      const total = tree.root.sum.toString();
      const snapshot: ReservesSnapshot = {
        id: 7,
        takenAt: iso(0),
        slot: anchorSlot,
        root,
        totalLiabilities: total,
        leafCount: tree.leafCount,
        reserves: listed,
        coveragePercent: coveragePercent(listed.reduce((sum, r) => sum + BigInt(r.balance), 0n).toString(), total),
        anchorSignature,
        mint,
        decimals: 6,
      };
      return { snapshot, proof: tree.proofOf(holder)!, anchorSignature };
    },
    newSignature,
  };
  return me;
}

export type World = ReturnType<typeof world>;
