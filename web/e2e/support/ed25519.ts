import { createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import type { Keypair, PublicKey } from '@solana/web3.js';

// A Solana secret key is the 32-byte ed25519 seed followed by the 32-byte public key.
const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

export function signEd25519(keypair: Keypair, message: Uint8Array): Uint8Array {
  const key = createPrivateKey({
    format: 'jwk',
    key: { kty: 'OKP', crv: 'Ed25519', d: b64url(keypair.secretKey.subarray(0, 32)), x: b64url(keypair.publicKey.toBytes()) },
  });
  return new Uint8Array(sign(null, message, key));
}

export function verifyEd25519(publicKey: PublicKey, message: Uint8Array, signature: Uint8Array): boolean {
  const key = createPublicKey({ format: 'jwk', key: { kty: 'OKP', crv: 'Ed25519', x: b64url(publicKey.toBytes()) } });
  return verify(null, message, key, signature);
}
