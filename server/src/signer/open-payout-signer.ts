import { keyfileSigner } from './keyfile-signer.js';
import { PayoutSignerError, type PayoutSigner } from './payout-signer.js';

const KEYFILE = 'keyfile:';

/** PAYOUT_SIGNER: `none` (or unset: every payout is an operator's) or `keyfile:<path>`. */
export function openPayoutSigner(spec: string | undefined): PayoutSigner | null {
  const value = spec?.trim() ?? '';
  if (value === '' || value === 'none') return null;
  if (value.startsWith(KEYFILE) && value.length > KEYFILE.length) return keyfileSigner(value.slice(KEYFILE.length));
  throw new PayoutSignerError(`PAYOUT_SIGNER must be 'none' or 'keyfile:<path to a solana-keygen keypair file>', got '${value}'`);
}
