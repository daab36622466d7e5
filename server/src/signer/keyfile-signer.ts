import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Keypair } from '@solana/web3.js';
import { PayoutSignerError, type PayoutSigner } from './payout-signer.js';

/** Permission bits for the group and others: a hot wallet's key file must have none of them. */
const GROUP_OR_OTHERS = 0o077;

function readKeypair(file: string): Keypair {
  let text: string;
  try {
    const mode = statSync(file).mode & 0o777;
    if (mode & GROUP_OR_OTHERS) {
      throw new PayoutSignerError(
        `PAYOUT_SIGNER key file ${file} can be read by other users (mode ${mode.toString(8)}): run chmod 600 ${file} and start again`,
      );
    }
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if (error instanceof PayoutSignerError) throw error;
    throw new PayoutSignerError(`PAYOUT_SIGNER key file ${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  let bytes: unknown;
  try {
    bytes = JSON.parse(text);
  } catch {
    bytes = undefined;
  }
  const isKeypair = Array.isArray(bytes) && bytes.length === 64 && bytes.every((b) => Number.isInteger(b) && b >= 0 && b <= 255);
  if (!isKeypair) {
    throw new PayoutSignerError(`PAYOUT_SIGNER key file ${file} is not a solana-keygen keypair (a JSON array of 64 bytes)`);
  }
  try {
    // Checks that the public half is the one the secret half makes.
    return Keypair.fromSecretKey(Uint8Array.from(bytes as number[]));
  } catch {
    throw new PayoutSignerError(`PAYOUT_SIGNER key file ${file} holds a public key that does not belong to its secret key`);
  }
}

function ed25519Key(keypair: Keypair): KeyObject {
  const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
  return createPrivateKey({
    key: { kty: 'OKP', crv: 'Ed25519', d: b64url(keypair.secretKey.subarray(0, 32)), x: b64url(keypair.publicKey.toBytes()) },
    format: 'jwk',
  });
}

/** A solana-keygen keypair file on this machine, readable by its owner alone (mode 600 or stricter). */
export function keyfileSigner(file: string): PayoutSigner {
  const absolute = path.resolve(file);
  const keypair = readKeypair(absolute);
  const key = ed25519Key(keypair);
  return {
    publicKey: keypair.publicKey,
    description: `keyfile ${absolute}`,
    sign: async (message) => new Uint8Array(sign(null, message, key)),
  };
}
