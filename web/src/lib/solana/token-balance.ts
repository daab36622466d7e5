import { PublicKey, type Connection } from '@solana/web3.js';
import { fromRawAmount } from '@stakedesk/shared/money';

type ParsedAmount = { info: { tokenAmount: { amount: string; decimals: number } } };

/**
 * What `owner` can stake of `mint`, in tokens ("1500.25"): the balance of its largest token
 * account, the one a deposit is sent from (token-transfer.ts). "0" when it has no account.
 */
export async function stakeableBalance(connection: Connection, owner: string, mint: string): Promise<string> {
  const { value } = await connection.getParsedTokenAccountsByOwner(new PublicKey(owner), { mint: new PublicKey(mint) });
  let largest: { raw: bigint; decimals: number } | undefined;
  for (const account of value) {
    const { amount, decimals } = (account.account.data.parsed as ParsedAmount).info.tokenAmount;
    const raw = BigInt(amount);
    if (!largest || raw > largest.raw) largest = { raw, decimals };
  }
  return largest ? fromRawAmount(largest.raw, largest.decimals) : '0';
}
