import { PublicKey } from '@solana/web3.js';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import { associatedTokenAccount } from '../chain/associated-account.js';
import type { PayoutChain } from '../chain/chain.js';
import { conflict } from '../errors.js';
import type { AnchoredSnapshot, AnchorPlan } from './anchor-transaction.js';

/**
 * The anchor of `snapshot` signed by `signer`, from what the server reads itself: the mint's
 * program and decimals, which reserve accounts require a memo before a transfer, a fresh
 * blockhash. The transfers leave the signer's own reserve account (its associated one when it has
 * several): a wallet with none holds nothing that counts, so it cannot anchor (409), nor can one
 * when two other reserve accounts require a memo before a transfer into them (409).
 */
export async function readAnchorPlan(chain: PayoutChain, snapshot: AnchoredSnapshot, signer: PublicKey): Promise<AnchorPlan> {
  const wallet = signer.toBase58();
  const mintState = await chain.mint(snapshot.mint);
  if (!mintState) throw conflict(msg('payoutMintUnknown', { mint: snapshot.mint }));
  const mint = new PublicKey(snapshot.mint);
  const programId = new PublicKey(mintState.programId);
  const own = snapshot.reserves.filter((reserve) => reserve.wallet === wallet).map((reserve) => reserve.tokenAccount);
  const associated = associatedTokenAccount(mint, signer, programId).toBase58();
  const source = own.includes(associated) ? associated : own[0];
  if (!source) throw conflict(msg('reservesAnchorSignerHoldsNothing', { wallet }));
  const others = [...new Set(snapshot.reserves.map((reserve) => reserve.tokenAccount))].filter((account) => account !== source);
  const accounts = await chain.tokenAccounts(others);
  // The anchor's one memo can precede one transfer only (DESIGN 15: a holder refuses an anchor with two memos).
  const memoRequired = others.filter((_, index) => accounts[index]?.memoRequired);
  if (memoRequired.length > 1) throw conflict(msg('reservesAnchorMemoAccounts', { accounts: memoRequired.join(', ') }));
  const { blockhash, lastValidBlockHeight } = await chain.latestBlockhash();
  return {
    signer,
    source: new PublicKey(source),
    destinations: others.map((account, index) => ({
      tokenAccount: new PublicKey(account),
      memoRequired: accounts[index]?.memoRequired ?? false,
    })),
    mint,
    programId,
    decimals: mintState.decimals,
    blockhash,
    lastValidBlockHeight,
    root: snapshot.root,
  };
}
