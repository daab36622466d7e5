/**
 * `--rpc`: the snapshot's anchor transaction as the chain has it (DESIGN 14). It succeeded, a memo
 * of it is the root, a reserve wallet signed it, it landed at the snapshot's slot, and its
 * postTokenBalances are the reserves the snapshot lists, which cover what the snapshot says.
 */
import { msg } from '@stakedesk/shared/i18n/catalogue';
import { anchorMemoText, type ReservesSnapshot } from '@stakedesk/shared/reserves/snapshot';
import { readAnchorTransaction, type AnchorTransaction } from './anchor-transaction.js';
import { failed, passed, type Check } from './check.js';
import { lines } from './lines.js';
import { coverageCheck, heldBy } from './proof-checks.js';
import { rpcCall } from './rpc.js';

/** Throws RpcUnreadable when the endpoint cannot be asked or does not answer in the jsonParsed form. */
export async function checkAnchor(snapshot: ReservesSnapshot, rpcUrl: string): Promise<Check[]> {
  const signature = snapshot.anchorSignature;
  if (signature === null) return [failed(msg('reservesAnchorMissing'))];
  const found = await rpcCall(rpcUrl, 'getTransaction', [
    signature,
    { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0, commitment: 'confirmed' },
  ]);
  if (found === null) return [failed(msg('reservesAnchorNotFound', { signature }))];
  return anchorChecks(snapshot, signature, readAnchorTransaction(found));
}

function anchorChecks(snapshot: ReservesSnapshot, signature: string, anchor: AnchorTransaction): Check[] {
  const checks = [anchor.succeeded ? passed(lines.anchorSucceeded(signature)) : failed(msg('reservesAnchorFailed'))];
  checks.push(
    anchor.memos.includes(anchorMemoText(snapshot.root)) ? passed(lines.memo(snapshot.root)) : failed(msg('reservesAnchorMemoMismatch')),
  );
  const reserveWallets = new Set(snapshot.reserves.map((reserve) => reserve.wallet));
  const signer = anchor.signers.find((wallet) => reserveWallets.has(wallet));
  checks.push(signer ? passed(lines.signer(signer)) : failed(msg('reservesAnchorNotSignedByReserve')));
  checks.push(
    anchor.slot === snapshot.slot
      ? passed(lines.slot(anchor.slot))
      : failed(msg('reservesAnchorSlotMismatch', { onChain: anchor.slot, slot: snapshot.slot })),
  );

  const onChain: string[] = [];
  for (const reserve of snapshot.reserves) {
    const after = anchor.balancesAfter.get(reserve.tokenAccount);
    const account = reserve.tokenAccount;
    if (!after) checks.push(failed(msg('reservesAnchorBalanceMissing', { account })));
    else if (after.mint !== snapshot.mint || after.owner !== reserve.wallet)
      checks.push(failed(msg('reservesAnchorAccountMismatch', { account, wallet: reserve.wallet })));
    else {
      onChain.push(after.amount);
      checks.push(
        after.amount === reserve.balance
          ? passed(lines.balance(reserve, snapshot.decimals))
          : failed(msg('reservesAnchorBalanceMismatch', { account, onChain: after.amount, listed: reserve.balance })),
      );
    }
  }
  const held = heldBy(onChain);
  checks.push(coverageCheck(held, snapshot, lines.chainCoverage(held, snapshot)));
  return checks;
}
