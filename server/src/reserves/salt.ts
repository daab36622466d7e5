/**
 * Each holder's salt in a snapshot (DESIGN 14): 32 bytes derived from a server secret, so a proof
 * reveals nothing of its neighbours' leaves and a rebuild of the snapshot gives the same salts.
 * Server only: the secret never reaches a browser.
 */
import { createHmac } from 'node:crypto';
import { checkSnapshotId } from '@stakedesk/shared/reserves/hash';
import { walletBytes } from '@stakedesk/shared/reserves/wallet';

const SALT_DOMAIN = Buffer.from('stakedesk-por-salt', 'utf8');

/** HMAC-SHA256(secret, "stakedesk-por-salt" || u64be(snapshotId) || wallet's 32 bytes). */
export function reservesSalt(secret: Uint8Array, snapshotId: number, wallet: string): Uint8Array {
  if (secret.length < 32) throw new RangeError('The proof-of-reserves secret must be at least 32 bytes');
  const bytes = walletBytes(wallet);
  if (!bytes) throw new RangeError(`Not a wallet address: ${wallet}`);
  const id = Buffer.alloc(8);
  id.writeBigUInt64BE(checkSnapshotId(snapshotId));
  return new Uint8Array(createHmac('sha256', secret).update(SALT_DOMAIN).update(id).update(bytes).digest());
}
